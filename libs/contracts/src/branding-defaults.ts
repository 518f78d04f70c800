import type { Branding } from './branding.js';

/** The brand of a host no tenant claims. Kept free of zod so front ends can import it cheaply. */
export const DEFAULT_BRANDING: Readonly<Branding> = Object.freeze({
  productName: 'MeetingKeeper',
  primaryColor: '#1f5fbf',
  secondaryColor: '#7b3fa0',
  footerCredit: 'Built by the MeetingKeeper team',
});
