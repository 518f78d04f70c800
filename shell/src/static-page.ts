import {
  ASSET_URL,
  BRANDING_FIELD_ATTRIBUTE,
  DARK_SURFACE,
  HEX_COLOUR,
  LIGHT_SURFACE,
  readableOn,
} from '@meetings/contracts';
import { PRERENDERED_ROOT_ID } from '@meetings/federation/remotes';
import { setFavicon } from './branding.js';

// The script of a page the build rendered: no shared module such as React may be imported here.

/** The body of a page the build rendered (landing.html). */
export function staticPage(): HTMLElement | null {
  return document.getElementById(PRERENDERED_ROOT_ID);
}

const TEXT_FIELDS = ['productName', 'footerCredit'] as const;

const field = (name: string) => `[${BRANDING_FIELD_ATTRIBUTE}="${name}"]`;

/**
 * Writes the host's brand (the /branding.json answer) over the default one the build rendered:
 * the marked texts and logo, the tab's title and icon, and the primary colour through the theme's
 * CSS variables. Anything malformed leaves the default in place.
 */
export function brandStaticPage(page: HTMLElement, branding: unknown): void {
  if (typeof branding !== 'object' || branding === null) return;
  const fields = branding as Record<string, unknown>;
  const doc = page.ownerDocument;
  for (const name of TEXT_FIELDS) {
    const value = fields[name];
    if (typeof value !== 'string' || !value.trim()) continue;
    for (const element of page.querySelectorAll(field(name))) element.textContent = value.trim();
    if (name === 'productName') doc.title = value.trim();
  }
  const asset = (name: string) => {
    const value = fields[name];
    return typeof value === 'string' && ASSET_URL.test(value) ? value : undefined;
  };
  const logo = asset('logoUrl');
  if (logo) {
    for (const image of page.querySelectorAll<HTMLImageElement>(`img${field('logoUrl')}`)) {
      image.src = logo;
      image.hidden = false;
    }
  }
  const favicon = asset('faviconUrl');
  if (favicon) setFavicon(favicon, doc);
  const colour = typeof fields.primaryColor === 'string' && HEX_COLOUR.exec(fields.primaryColor);
  if (colour) {
    // Readable on the scheme the page shows (it follows the system's).
    const dark = doc.defaultView?.matchMedia?.('(prefers-color-scheme: dark)').matches;
    const hex = readableOn(colour[0], dark ? DARK_SURFACE : LIGHT_SURFACE);
    const channels = HEX_COLOUR.exec(hex)!.slice(1);
    page.style.setProperty('--mui-palette-primary-main', hex);
    page.style.setProperty('--mui-palette-primary-dark', hex);
    page.style.setProperty(
      '--mui-palette-primary-mainChannel',
      channels.map((channel) => Number.parseInt(channel, 16)).join(' '),
    );
  }
}
