import type { Branding } from '@meetings/shell-context';

/** The tab title and icon follow the tenant's branding. */
export function applyBrandingToDocument(branding: Branding): void {
  document.title = branding.productName;
  if (!branding.faviconUrl) return;
  let icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = document.createElement('link');
    icon.rel = 'icon';
    document.head.append(icon);
  }
  icon.href = branding.faviconUrl;
}
