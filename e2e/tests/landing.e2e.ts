import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../support/browser.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('landing page', () => {
  it('is served by the onboarding remote inside the shell, with no console error', async () => {
    const { page, errors, context } = await openPage(browser);
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    await expect(page.getByRole('link', { name: 'Get Started' }).count()).resolves.toBe(2);
    expect(await page.getByText('MeetingKeeper', { exact: false }).count()).toBeGreaterThan(0);
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => e.name),
    );
    expect(scripts.some((url) => url.includes('/remotes/mfe-onboarding/'))).toBe(true);

    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await page.waitForURL('**/login');
    await page.goBack();
    await page.getByRole('link', { name: 'Login' }).first().click();
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the shell working with a visible fallback when a remote is missing', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.route('**/remotes/mfe-onboarding/**', (route) =>
      route.fulfill({ status: 404, body: 'gone' }),
    );
    await page.goto('/');
    const started = Date.now();
    await page.getByRole('button', { name: /retry/i }).waitFor({ timeout: 5_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
    // Errors from the deliberately missing files are expected here; the shell itself must not crash.
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });
});
