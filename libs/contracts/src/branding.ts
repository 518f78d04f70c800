import { z } from 'zod';
import { ASSET_URL, HEX_COLOUR } from './branding-fields.js';

const Color = z.string().regex(HEX_COLOUR, 'A colour is #rrggbb.');
const AssetUrl = z.string().regex(ASSET_URL, 'An asset is a site path or an https URL.');

/** A tenant's brand, chosen by host name and applied by the shell (and used in e-mails). */
export const BrandingSchema = z.object({
  productName: z.string().min(1).max(60),
  logoUrl: AssetUrl.optional(),
  faviconUrl: AssetUrl.optional(),
  primaryColor: Color,
  secondaryColor: Color.optional(),
  footerCredit: z.string().min(1).max(200),
  /** Name e-mails are sent under; the product name when absent. */
  emailSenderName: z.string().min(1).max(60).optional(),
});
export type Branding = z.infer<typeof BrandingSchema>;

export const TenantsFileSchema = z.strictObject({
  default: BrandingSchema.partial().optional(),
  tenants: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9-]{1,40}$/),
        hosts: z.array(z.string().min(1)).min(1),
        branding: BrandingSchema.partial(),
      }),
    )
    .default([]),
});
