import { useEffect } from 'react';
import { useBranding } from './context.js';

/** "Weekly sync – Acme Minutes"; the product name alone when the page has no name of its own. */
export function pageTitle(page: string | undefined, productName: string): string {
  const name = page?.trim();
  return name ? `${name} – ${productName}` : productName;
}

// The pages on screen that name themselves, latest last: a page that leaves after the next one
// arrived (a route change commits both) must not leave its name on the tab.
const shown: { title: string }[] = [];

function showLatest(): void {
  const latest = shown.at(-1);
  if (latest) document.title = latest.title;
}

/** The tab title names the page (or the meeting) and the tenant's product (WCAG 2.4.2). */
export function usePageTitle(page?: string): void {
  const { productName } = useBranding();
  useEffect(() => {
    const entry = { title: pageTitle(page, productName) };
    shown.push(entry);
    showLatest();
    return () => {
      shown.splice(shown.indexOf(entry), 1);
      showLatest();
    };
  }, [page, productName]);
}
