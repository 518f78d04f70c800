import { readFileSync } from 'node:fs';
import {
  BrandingSchema,
  DEFAULT_BRANDING,
  TenantsFileSchema,
  type Branding,
} from '@meetings/contracts';

/** Brands by host name; an unknown host gets the default brand. */
export class Tenants {
  private readonly byHost = new Map<string, Branding>();
  private readonly fallback: Branding;

  constructor(file?: string) {
    const config = TenantsFileSchema.parse(
      file ? JSON.parse(readFileSync(file, 'utf8')) : { tenants: [] },
    );
    this.fallback = BrandingSchema.parse({ ...DEFAULT_BRANDING, ...config.default });
    for (const tenant of config.tenants) {
      const branding = BrandingSchema.parse({ ...this.fallback, ...tenant.branding });
      for (const host of tenant.hosts) this.byHost.set(host.toLowerCase(), branding);
    }
  }

  brandingFor(hostHeader: string | undefined): Branding {
    const host = (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '');
    return this.byHost.get(host) ?? this.fallback;
  }
}
