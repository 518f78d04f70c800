import { BRANDING_PATH } from '@meetings/federation/remotes';
import type { Branding } from '@meetings/shell-context';

let brandingRequest: Promise<Response> | undefined;

/**
 * GET /branding.json once for the whole start (the HTML preloads this very request); each caller
 * reads its own copy of the answer.
 */
export function fetchBranding(): Promise<Response> {
  brandingRequest ??= fetch(BRANDING_PATH, { cache: 'no-cache', credentials: 'same-origin' });
  return brandingRequest.then((response) => response.clone());
}

export function setFavicon(href: string, doc: Document = document): void {
  let icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = doc.createElement('link');
    icon.rel = 'icon';
    doc.head.append(icon);
  }
  icon.href = href;
}

/** The tab title and icon follow the tenant's branding. */
export function applyBrandingToDocument(branding: Branding): void {
  document.title = branding.productName;
  if (branding.faviconUrl) setFavicon(branding.faviconUrl);
}
