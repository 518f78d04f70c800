import { readFileSync } from 'node:fs';
import {
  BrandingSchema,
  DEFAULT_BRANDING,
  LIGHT_SURFACE,
  readableOn,
  TenantsFileSchema,
  type Branding,
} from '@meetings/contracts';

/**
 * A start-up message for each brand colour that fails AA contrast (4.5:1) as text on the light
 * theme, naming the colour the app shows instead (readableOn). The dark theme lightens brand
 * colours as a rule (a colour readable on white rarely is on dark grey), so that goes unreported.
 */
export function brandContrastWarnings(brand: string, branding: Branding): string[] {
  const colours = { primaryColor: branding.primaryColor, secondaryColor: branding.secondaryColor };
  return Object.entries(colours).flatMap(([field, colour]) => {
    if (!colour) return [];
    const shown = readableOn(colour, LIGHT_SURFACE);
    return shown.toLowerCase() === colour.toLowerCase()
      ? []
      : [`${brand}: ${field} ${colour} fails WCAG AA contrast on white; shown as ${shown}`];
  });
}

/** Brands by host name; an unknown host gets the default brand. */
export class Tenants {
  private readonly byHost = new Map<string, Branding>();
  private readonly fallback: Branding;
  /** Brand colours the app adjusts for contrast, to be reported at start-up. */
  readonly contrastWarnings: string[] = [];

  constructor(file?: string) {
    const config = TenantsFileSchema.parse(
      file ? JSON.parse(readFileSync(file, 'utf8')) : { tenants: [] },
    );
    this.fallback = BrandingSchema.parse({ ...DEFAULT_BRANDING, ...config.default });
    this.contrastWarnings.push(...brandContrastWarnings('default brand', this.fallback));
    for (const tenant of config.tenants) {
      const branding = BrandingSchema.parse({ ...this.fallback, ...tenant.branding });
      this.contrastWarnings.push(...brandContrastWarnings(`tenant ${tenant.id}`, branding));
      for (const host of tenant.hosts) this.byHost.set(host.toLowerCase(), branding);
    }
  }

  brandingFor(hostHeader: string | undefined): Branding {
    const host = (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '');
    return this.byHost.get(host) ?? this.fallback;
  }
}
