import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, uniqueEmail } from '../support/browser.js';
import { signInThroughUi } from '../support/journeys.js';

// The theme toggle in the app bar: it flips what is shown and the choice outlives a reload.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** What the page shows: the body's background as the theme paints it. */
const shown = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.body).backgroundColor === 'rgb(18, 18, 18)' ? 'dark' : 'light',
  );
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('ui-theme'));

describe('theme toggle', () => {
  it('starts on the system preference, flips on a click and keeps the choice after a reload', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.emulateMedia({ colorScheme: 'light' });
    await signInThroughUi(page, uniqueEmail('theme'));
    expect(await shown(page)).toBe('light');
    expect(await stored(page)).toBeNull();

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await shown(page)).toBe('dark');
    expect(await stored(page)).toBe('dark');

    await page.reload();
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await shown(page)).toBe('dark');

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await shown(page)).toBe('light');
    expect(await stored(page)).toBe('light');
    expect(errors).toEqual([]);
    await context.close();
  });
});
