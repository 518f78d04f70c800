import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, uniqueEmail } from '../support/browser.js';
import { signInThroughUi } from '../support/journeys.js';

// The daily digest can be turned off and back on in the settings, reached from the app bar.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('settings', () => {
  it('turns the daily digest off and on again, and keeps it across a reload', async () => {
    const { page, context, errors } = await openPage(browser);
    await signInThroughUi(page, uniqueEmail('settings'));
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/app\/settings$/);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    const digest = page.getByRole('switch', {
      name: /Daily e-mail of my overdue and upcoming actions/,
    });
    expect(await digest.isChecked()).toBe(true);

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/mail-settings') && r.request().method() === 'PUT',
    );
    await digest.click();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await digest.isChecked()).toBe(false);

    const savedAgain = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/mail-settings') && r.request().method() === 'PUT',
    );
    await digest.click();
    expect((await savedAgain).status()).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await digest.isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
