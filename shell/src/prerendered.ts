import {
  BRANDING_FIELD_ATTRIBUTE,
  DARK_SURFACE,
  LIGHT_SURFACE,
  readableOn,
} from '@meetings/contracts';
import { PRERENDERED_ROOT_ID } from '@meetings/federation/remotes';

// Runs before the async boundary (index.ts): no shared module such as React may be imported here.

/** The page the build rendered into this HTML (landing.html), until the app replaces it. */
export function prerenderedPage(doc: Document = document): HTMLElement | null {
  return doc.getElementById(PRERENDERED_ROOT_ID);
}

const TEXT_FIELDS = ['productName', 'footerCredit'] as const;
const HEX_COLOUR = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/**
 * Writes the host's brand (the /branding.json answer) over the default one the build rendered:
 * the marked texts, the tab title, and the primary colour through the theme's CSS variables.
 * Anything malformed leaves the default in place.
 */
export function brandPrerenderedPage(page: HTMLElement, branding: unknown): void {
  if (typeof branding !== 'object' || branding === null) return;
  const fields = branding as Record<string, unknown>;
  for (const field of TEXT_FIELDS) {
    const value = fields[field];
    if (typeof value !== 'string' || !value.trim()) continue;
    for (const element of page.querySelectorAll(`[${BRANDING_FIELD_ATTRIBUTE}="${field}"]`)) {
      element.textContent = value.trim();
    }
    if (field === 'productName') page.ownerDocument.title = value.trim();
  }
  const colour = typeof fields.primaryColor === 'string' && HEX_COLOUR.exec(fields.primaryColor);
  if (colour) {
    // Readable on the scheme the page shows (the build-rendered page follows the system's).
    const dark = page.ownerDocument.defaultView?.matchMedia?.(
      '(prefers-color-scheme: dark)',
    ).matches;
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

/** Swaps the build-rendered page for the app, once the app has something to show in its place. */
export function revealApp(doc: Document = document): void {
  const page = prerenderedPage(doc);
  if (!page) return;
  page.remove();
  const root = doc.getElementById('root');
  if (root) root.hidden = false;
}
