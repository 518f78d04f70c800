import { completeOnboarding, enterCode, signInWithCode as signIn } from '@meetings/testing';
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

/**
 * A new user the guard sent to /login from a link: sign in with the mailed code, then each
 * onboarding screen in turn; ends where the guard sends them next (the link's page).
 */
export async function signInFromRedirect(page: Page, email: string): Promise<void> {
  await page.waitForURL('**/login');
  await page.getByLabel('Email').fill(email);
  const before = await mailCount(email);
  await page.getByRole('button', { name: 'Send Login Code' }).click();
  await page.waitForURL('**/verify');
  await enterCode(page, await loginCode(email, before));
  await page.waitForURL('**/privacy');
  await page.getByRole('button', { name: 'I Accept' }).click();
  await page.waitForURL('**/trial-notice');
  await page.getByRole('button', { name: 'Get Started Now' }).click();
}
