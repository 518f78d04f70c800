import type { Branding } from './branding.js';

/** The brand of a host no tenant claims. Kept free of zod so front ends can import it cheaply. */
export const DEFAULT_BRANDING: Readonly<Branding> = Object.freeze({
  productName: 'MeetingKeeper',
  primaryColor: '#1f5fbf',
  secondaryColor: '#7b3fa0',
  footerCredit: 'Built by the MeetingKeeper team',
});

/**
 * The attribute that marks a brand field (`productName`, `footerCredit`) in HTML rendered at
 * build time with the default brand, where the shell writes the host's brand as it starts.
 */
export const BRANDING_FIELD_ATTRIBUTE = 'data-branding';
