/**
 * The attribute that marks a brand field (`productName`, `footerCredit`) in HTML rendered at
 * build time with the default brand, where the shell writes the host's brand as it starts.
 */
export const BRANDING_FIELD_ATTRIBUTE = 'data-branding';
