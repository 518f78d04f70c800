import {
  completeOnboarding,
  openTrackedPage,
  signInWithCode,
  type TrackedPage,
} from '@meetings/testing';
import type { Browser, Page } from 'playwright-core';
import type { Mailbox } from './cluster.js';

export { appBadge, launchBrowser } from '@meetings/testing';

/** A page whose uncaught exceptions are kept: a fault must never crash the shell. */
export function openFaultPage(browser: Browser, baseURL: string): Promise<TrackedPage> {
  return openTrackedPage(browser, baseURL);
}

/** /login → code from the cluster's mailbox → privacy and trial steps → the meetings page. */
export async function signInInBrowser(page: Page, mailbox: Mailbox, email: string): Promise<void> {
  await signInWithCode(page, email, () => mailbox.nextCode(email, 30_000));
  await completeOnboarding(page);
}
