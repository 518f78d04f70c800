import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage } from '../support/browser.js';

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
    // The links show from the HTML at once; the remote's own page replaces that copy when it has
    // loaded (until then its scripts may still be on their way).
    await page.locator('#prerendered-page').waitFor({ state: 'detached' });
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

  it('paints from the HTML before any script runs, in the scheme picked, then the app takes over', async () => {
    // No script at all: all that shows comes from the server's HTML.
    const cases = [
      { cookie: 'light', os: 'dark', shown: 'rgb(255, 255, 255)' },
      { cookie: 'dark', os: 'light', shown: 'rgb(18, 18, 18)' },
      { cookie: null, os: 'dark', shown: 'rgb(18, 18, 18)' },
      { cookie: null, os: 'light', shown: 'rgb(255, 255, 255)' },
    ] as const;
    for (const { cookie, os, shown } of cases) {
      const { page, context } = await openPage(browser);
      if (cookie) await context.addCookies([{ name: 'ui-theme', value: cookie, url: baseUrl() }]);
      await page.emulateMedia({ colorScheme: os });
      await page.route('**/*.js', (route) => route.abort());
      await page.goto('/');
      const headline = page.getByRole('heading', {
        level: 1,
        name: 'Meetings that lead somewhere',
      });
      expect(await headline.isVisible()).toBe(true);
      expect(await page.getByText('MeetingKeeper keeps agendas').isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Get Started' }).count()).toBe(2);
      const background = await page
        .locator('#prerendered-page .MuiScopedCssBaseline-root')
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(background).toBe(shown);
      // The links work without the app: the sign-in page is a page load away.
      await page.getByRole('link', { name: 'Get Started' }).first().click();
      await page.waitForURL('**/login');
      await context.close();
    }

    const { page, errors, context } = await openPage(browser);
    await page.goto('/');
    await page.locator('[data-remote="mfe_onboarding"] h1').waitFor();
    expect(await page.locator('#prerendered-page').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
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

  it("preloads the start's files from the HTML, each fetched once; the landing page only its entry", async () => {
    const { page, errors, context } = await openPage(browser);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/login');
    await page.getByRole('button', { name: 'Send Login Code' }).waitFor();
    await page.waitForLoadState('networkidle');
    const hints = await page.$$eval('link[rel="preload"]', (links) =>
      links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
    );
    // The two JSON files and the shell's async boundary with React, MUI and the shell context.
    expect(hints).toEqual(expect.arrayContaining(['/remotes.json', '/branding.json']));
    expect(hints.some((hint) => /^\/bootstrap\.[0-9a-f]+\.js$/.test(hint))).toBe(true);
    expect(hints.length).toBeGreaterThan(20);
    // A hint the page's own request did not match would show as a second download.
    for (const hint of hints)
      expect({ hint, times: requested.filter((p) => p === hint).length }).toEqual({
        hint,
        times: 1,
      });
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);

    // The entry is preloaded and added by the HTML's starter script after the first paint.
    const entry = await page.$eval('script[data-entry]', (script) => script.dataset.entry!);
    expect(entry).toMatch(/^\/main\.[0-9a-f]+\.js$/);
    expect(hints).toContain(entry);

    requested.length = 0;
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const landingHints = await page.$$eval('link[rel="preload"]', (links) =>
      links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
    );
    expect(landingHints).toEqual([entry]);
    expect(requested.filter((path) => path === entry)).toHaveLength(1);
    await context.close();
  });
});
