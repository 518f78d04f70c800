import { APP_ROOT_ID, PRERENDERED_PAGE_ID } from '@meetings/contracts';
import { useLayoutEffect } from 'react';

/**
 * The page the server put into the HTML (painted before any JavaScript ran) goes in the commit
 * that puts the app's own page on screen. The shell removes it when a remote's page first
 * renders; a remote whose first render is not yet its page (the meeting page while the meeting
 * and its code arrive) holds it until it is, with the app's own markup hidden meanwhile, so the
 * reader never sees a spinner in place of the meeting already on screen, nor both at once.
 */

const HELD = 'data-held';

function prerenderedPage(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(PRERENDERED_PAGE_ID);
}

function appRoot(): HTMLElement | null {
  return document.getElementById(APP_ROOT_ID);
}

/** Keeps the server's page on screen past the shell's removal, the app's markup hidden. */
export function holdPrerenderedPage(): void {
  const page = prerenderedPage();
  if (!page) return;
  page.setAttribute(HELD, '');
  const root = appRoot();
  if (root) root.hidden = true;
}

/**
 * Removes the server's page and shows the app's own. Unless `evenIfHeld`, a held page stays (its
 * holder removes it); a failure notice removes it regardless.
 */
export function removePrerenderedPage({ evenIfHeld = false } = {}): void {
  const page = prerenderedPage();
  if (!page || (page.hasAttribute(HELD) && !evenIfHeld)) return;
  const root = appRoot();
  if (root) root.hidden = false;
  page.remove();
}

/**
 * Holds the server's page from this component's first commit until it unmounts or the page has
 * what it shows (useReleasePrerenderedPage, in the component that renders it).
 */
export function useHoldPrerenderedPage(): void {
  useLayoutEffect(() => {
    holdPrerenderedPage();
    return () => removePrerenderedPage({ evenIfHeld: true });
  }, []);
}

/** Removes a held page in the commit that puts `ready` content on screen. */
export function useReleasePrerenderedPage(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) removePrerenderedPage({ evenIfHeld: true });
  }, [ready]);
}
