import { readFileSync } from 'node:fs';
import {
  BrandingSchema,
  DEFAULT_BRANDING,
  TenantsFileSchema,
  type Branding,
} from '@meetings/contracts';

export interface Tenant {
  id: string;
  branding: Branding;
}

/** Brands by host name; an unknown host gets the default brand. */
export class Tenants {
  private readonly byHost = new Map<string, Tenant>();
  private readonly fallback: Tenant;

  constructor(file?: string) {
    const config = TenantsFileSchema.parse(
      file ? JSON.parse(readFileSync(file, 'utf8')) : { tenants: [] },
    );
    const base = BrandingSchema.parse({ ...DEFAULT_BRANDING, ...config.default });
    this.fallback = { id: 'default', branding: base };
    for (const tenant of config.tenants) {
      const entry = {
        id: tenant.id,
        branding: BrandingSchema.parse({ ...base, ...tenant.branding }),
      };
      for (const host of tenant.hosts) this.byHost.set(host.toLowerCase(), entry);
    }
  }

  forHost(hostHeader: string | undefined): Tenant {
    const host = (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '');
    return this.byHost.get(host) ?? this.fallback;
  }
}
