import type { Page } from 'playwright-core';
import { loginCode, mailCount } from './browser.js';

/** Types the code the mailbox received into the six boxes and submits. */
export async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify & Login' }).click();
}

/** /login → code from the mailbox → /verify; ends wherever the guard sends a signed-in user. */
export async function signInWithCode(page: Page, email: string): Promise<void> {
  const before = await mailCount(email);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Login Code' }).click();
  await page.waitForURL('**/verify');
  await enterCode(page, await loginCode(email, before));
}

/**
 * A new user from /login to the meetings page: sign in, accept the privacy statement, start the
 * trial. Returning users skip the steps they already took.
 */
export async function signInThroughUi(page: Page, email: string): Promise<void> {
  await signInWithCode(page, email);
  // The URL alone can't tell: the guard may still be checking; wait for what the screen shows.
  const accept = page.getByRole('button', { name: 'I Accept' });
  const startTrial = page.getByRole('button', { name: 'Get Started Now' });
  const inApp = appBadge(page);
  for (let step = 0; step < 3; step++) {
    await accept.or(startTrial).or(inApp).first().waitFor();
    if (await inApp.isVisible()) break;
    const next = (await accept.isVisible()) ? accept : startTrial;
    await next.click();
    await next.waitFor({ state: 'detached' });
  }
  await inApp.waitFor();
  if (!/\/app\/meetings\/?$/.test(new URL(page.url()).pathname))
    throw new Error(`signed in at ${page.url()}`);
}

/** The subscription badge in the app bar: present on every signed-in /app page. */
export function appBadge(page: Page) {
  return page.getByRole('banner').getByText(/^(Trial: \d+ days left|Premium|Free)$/);
}
