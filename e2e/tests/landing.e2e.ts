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
  it("is the onboarding remote's page from the HTML: no script starts, its links lead to the sign-in page", async () => {
    const { page, errors, context } = await openPage(browser);
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    await expect(page.getByRole('link', { name: 'Get Started' }).count()).resolves.toBe(2);
    expect(await page.getByText('MeetingKeeper', { exact: false }).count()).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    // The page stays the one the HTML carried: the app did not start (nothing in its root, no
    // federation runtime) and no file of a remote was asked for.
    expect(await page.locator('#prerendered-page').count()).toBe(1);
    expect(await page.locator('#root').innerHTML()).toBe('');
    expect(await page.evaluate(() => '__FEDERATION__' in window)).toBe(false);
    const fetched = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
    );
    expect(fetched.some((path) => path.startsWith('/remotes/'))).toBe(false);

    // Plain links: a page load of /login, where the app starts.
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Send Login Code' }).waitFor();
    expect(await page.evaluate(() => '__FEDERATION__' in window)).toBe(true);
    await page.goBack();
    await page.getByRole('link', { name: 'Login' }).first().click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Send Login Code' }).waitFor();
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await context.close();
  });

  it('paints from the HTML before any script runs, in the scheme picked, and stays that page', async () => {
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

    // With scripts: the same page, and it stays (the app does not start on it).
    const { page, errors, context } = await openPage(browser);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#prerendered-page').count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.locator('noscript').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the shell working with a visible fallback when a remote is missing', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.route('**/remotes/mfe-onboarding/**', (route) =>
      route.fulfill({ status: 404, body: 'gone' }),
    );
    await page.goto('/login');
    const started = Date.now();
    await page.getByRole('button', { name: /retry/i }).waitFor({ timeout: 5_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
    // Errors from the deliberately missing files are expected here; the shell itself must not crash.
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });

  it("preloads the start's files from the HTML, each fetched once; the landing page prefetches them for the sign-in page", async () => {
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
    // React, MUI's styling engine (one chunk with what most shared modules need) and the rest.
    expect(hints.some((hint) => /^\/shared-foundation\.[0-9a-f]+\.js$/.test(hint))).toBe(true);
    expect(hints.length).toBeGreaterThan(10);
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

    // The landing page: no hints and no start; once it has loaded, the entry and the start's
    // files are prefetched, so the sign-in page its links lead to starts from the cache.
    const { page: landing, context: visitor, errors: visitorErrors } = await openPage(browser);
    const fetched: string[] = [];
    landing.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await landing.goto('/');
    await landing.waitForFunction(() => document.querySelector('link[rel="prefetch"]') !== null);
    await landing.waitForLoadState('networkidle');
    expect(await landing.$$('link[rel="preload"]')).toHaveLength(0);
    const prefetched = await landing.$$eval('link[rel="prefetch"]', (links) =>
      links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
    );
    const scriptHints = hints.filter((hint) => hint.endsWith('.js'));
    expect(new Set(prefetched)).toEqual(new Set(scriptHints));
    for (const file of prefetched) expect(fetched.filter((p) => p === file)).toHaveLength(1);

    await landing.getByRole('link', { name: 'Get Started' }).first().click();
    await landing.waitForURL('**/login');
    await landing.getByRole('button', { name: 'Send Login Code' }).waitFor();
    // Same-origin resource timing: nothing sent over the network for a file from the cache.
    const sent = await landing.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => ({
        path: new URL(e.name).pathname,
        bytes: (e as PerformanceResourceTiming).transferSize,
      })),
    );
    const fromNetwork = sent.filter((e) => prefetched.includes(e.path) && e.bytes > 0);
    expect(sent.some((e) => e.path === entry)).toBe(true);
    expect(fromNetwork).toEqual([]);
    expect(visitorErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await visitor.close();
    await context.close();
  });
});
