import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  loginCode,
  mailCount,
  openPage,
  setTrialEnd,
  uniqueEmail,
} from '../support/browser.js';
import {
  appBadge,
  enterCode,
  signInFromRedirect,
  signInThroughUi,
  signInWithCode,
} from '../support/journeys.js';
import { api, createMeeting } from '../support/meetings.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A signed-out page's status check answers 401 by design; that network line is not a page error. */
const pageErrors = (errors: string[]) => errors.filter((e) => !/status of 401/.test(e));

describe('sign-in and onboarding', () => {
  it('takes a new user from the landing page to the meetings page', async () => {
    const { page, context, errors } = await openPage(browser);
    const email = uniqueEmail('newcomer');
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(email);
    const before = await mailCount(email);
    await page.getByRole('button', { name: 'Send Login Code' }).click();
    await page.waitForURL('**/verify');
    const code = await loginCode(email, before);

    // A wrong code: the alert, boxes cleared and the first refocused.
    const wrong = code === '000000' ? '111111' : '000000';
    await enterCode(page, wrong);
    await page.getByText('Invalid or expired verification code').waitFor();
    expect(await page.getByLabel('Digit 1 of 6').inputValue()).toBe('');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Digit 1 of 6',
    );

    await enterCode(page, code);
    await page.waitForURL('**/privacy');
    await page.getByText('August 13, 2025').waitFor();
    await page.getByRole('button', { name: 'I Accept' }).click();
    await page.waitForURL('**/trial-notice');
    await page.getByRole('heading', { name: 'Your 30-Day Free Trial Starts Now!' }).waitFor();
    await page.getByRole('button', { name: 'Get Started Now' }).click();
    await page.waitForURL(/\/app\/meetings\/?$/);
    await page.getByText('Trial: 30 days left').waitFor();

    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  it('brings a returning user straight to the meetings page', async () => {
    const email = uniqueEmail('returning');
    const first = await openPage(browser);
    await signInThroughUi(first.page, email);
    await first.context.close();

    const { page, context, errors } = await openPage(browser);
    await signInWithCode(page, email);
    await appBadge(page).waitFor();
    expect(await appBadge(page).textContent()).toMatch(/^Trial: (29|30) days left$/);
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  it('sends a user whose trial has ended to the subscription choice, then into the app on the free tier', async () => {
    const { page, context } = await openPage(browser);
    const email = uniqueEmail('expired');
    await signInThroughUi(page, email);
    await setTrialEnd(email, new Date(Date.now() - 60_000));
    await page.goto('/app/meetings');
    await page.waitForURL('**/subscription-choice');
    await page.getByText(/30-day trial has ended/i).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Please select a subscription option').waitFor();
    await page.getByLabel(/Free Tier/).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText("You're now on the free tier").waitFor();
    await page.waitForURL(/\/app\/meetings\/?$/);
    await page.getByRole('banner').getByText('Free', { exact: true }).waitFor();
    await context.close();
  });

  it('changes plan both ways from the badge and logs out', async () => {
    const { page, context } = await openPage(browser);
    const email = uniqueEmail('changer');
    await signInThroughUi(page, email);
    await appBadge(page).click();
    await page.waitForURL('**/subscription-choice?change=true');
    await page.getByLabel(/Premium/).check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Thank you for subscribing to MeetingKeeper Premium!').waitFor();
    await page.waitForURL(/\/app\/meetings\/?$/);
    await page.getByRole('banner').getByText('Premium', { exact: true }).click();
    await page.waitForURL('**/subscription-choice?change=true');
    await page.getByLabel(/Free Tier/).check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText("You're now on the free tier").waitFor();
    await page.waitForURL(/\/app\/meetings\/?$/);

    await page.getByRole('button', { name: /log ?out/i }).click();
    await page.waitForURL('**/login');
    expect((await context.cookies()).find((c) => c.name === 'session')).toBeUndefined();
    await page.goto('/app/meetings');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('takes someone who follows a link to a shared meeting, signed out, to that meeting after sign-in and onboarding', async () => {
    const owner = await openPage(browser);
    const ownerEmail = uniqueEmail('inviter');
    const guestEmail = uniqueEmail('invited');
    await signInThroughUi(owner.page, ownerEmail);
    const meeting = await createMeeting(owner.page, 'Steering group');
    await api(owner.page, 'PUT', `/meetings/${meeting.id}/add-shared-user`, { email: guestEmail });
    await owner.context.close();

    const { page, context, errors } = await openPage(browser);
    await page.goto(`/app/meetings/${meeting.id}`);
    await signInFromRedirect(page, guestEmail);
    await page.waitForURL(`**/app/meetings/${meeting.id}`);
    await page.getByRole('heading', { level: 1, name: 'Steering group' }).waitFor();
    await page.getByText(`Owner: ${ownerEmail}`).waitFor();

    // A signed-in user on a path no page has gets the app, not the landing page.
    await page.goto('/no-such-page');
    await page.waitForURL(/\/app\/meetings\/?$/);
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  it('on a narrow screen puts Meetings and Actions as icons in the top bar and keeps everything in view', async () => {
    const { page, context, errors } = await openPage(browser, { width: 390, height: 800 });
    await signInThroughUi(page, uniqueEmail('phone'));
    const bar = page.getByRole('banner');
    await bar.getByRole('link', { name: 'Meetings' }).waitFor();
    await bar.getByRole('link', { name: 'Actions' }).waitFor();
    for (const control of [appBadge(page), bar.getByRole('button', { name: /log ?out/i })]) {
      const box = await control.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    await bar.getByRole('link', { name: 'Actions' }).click();
    await page.waitForURL('**/app/actions');
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });
});
