import { completeOnboarding, signInWithCode as signIn } from '@meetings/testing';
import type { Page } from 'playwright-core';
import { loginCode, mailCount } from './browser.js';

export { appBadge, enterCode } from '@meetings/testing';

/** /login → code from the mailbox → /verify; ends wherever the guard sends a signed-in user. */
export async function signInWithCode(page: Page, email: string): Promise<void> {
  const before = await mailCount(email);
  await signIn(page, email, () => loginCode(email, before));
}

/**
 * A new user from /login to the meetings page: sign in, accept the privacy statement, start the
 * trial. Returning users skip the steps they already took.
 */
export async function signInThroughUi(page: Page, email: string): Promise<void> {
  await signInWithCode(page, email);
  await completeOnboarding(page);
  if (!/\/app\/meetings\/?$/.test(new URL(page.url()).pathname))
    throw new Error(`signed in at ${page.url()}`);
}
