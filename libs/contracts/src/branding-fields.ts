/**
 * The attribute that marks a brand field (`productName`, `footerCredit`, the `logoUrl` image) in
 * HTML rendered at build time with the default brand, where the page's script writes the host's.
 */
export const BRANDING_FIELD_ATTRIBUTE = 'data-branding';

/** A logo or icon: a path on the site or an https URL. */
export const ASSET_URL = /^(\/|https:\/\/)[^\s"'<>]*$/;

/** A brand colour, #rrggbb; the three groups are its red, green and blue channels. */
export const HEX_COLOUR = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;
