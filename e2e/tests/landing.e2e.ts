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

/** The product's four features, as the landing page's cards show them. */
const FEATURES = [
  'Note-taking for meetings.',
  'One searchable list of actions across all meetings. Search works by meeting title or action text, and actions can carry hashtags.',
  'Sharing meeting notes and actions with people inside or outside an organisation, by e-mail.',
  'Continuity for recurring meetings: open actions from earlier occurrences of the same meeting are shown on the meeting.',
];

describe('landing page', () => {
  it('shows the four features, a closing call to action and the credit; every button leads to /login', async () => {
    const { page, errors, context } = await openPage(browser);
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { level: 1, name: 'Meetings that lead somewhere' }).waitFor();
    for (const text of FEATURES) expect(await page.getByText(text).isVisible()).toBe(true);
    expect(await page.getByRole('article').count()).toBe(4);
    expect(await page.getByText('Built by the MeetingKeeper team').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Get Started' }).count()).toBe(2);

    await page.getByRole('link', { name: 'Get Started' }).last().click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Send Login Code' }).waitFor();
    await page.goBack();
    await page.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Send Login Code' }).waitFor();
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await context.close();
  });

  it('is a plain page with one small script; the app behind its links downloads its own remote once', async () => {
    const { page, errors, context } = await openPage(browser);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const html = await page.goto('/');
    expect(html?.headers()['cache-control']).toBe('no-cache');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = requested.filter((path) => path.endsWith('.js'));
    expect(scripts).toEqual([expect.stringMatching(/^\/landing\.[0-9a-f]{10}\.js$/)]);
    expect(requested.filter((path) => path.startsWith('/remotes'))).toEqual([]);
    const asset = await page.request.get(scripts[0]!, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['content-encoding']).toBe('gzip');

    requested.length = 0;
    await page.getByRole('link', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Send Login Code' }).waitFor();
    await page.waitForLoadState('networkidle');
    // Preloaded from its manifest before React renders, then run: each file asked for once.
    const remote = requested.filter((path) => path.startsWith('/remotes/'));
    expect(remote).toContain('/remotes/mfe-onboarding/remoteEntry.js');
    expect(remote.every((path) => path.startsWith('/remotes/mfe-onboarding/'))).toBe(true);
    expect(new Set(requested).size).toBe(requested.length);
    expect(requested.some((path) => /^\/main\.[0-9a-f]{10}\.js$/.test(path))).toBe(true);
    const manifest = await page.request.get('/remotes/mfe-onboarding/mf-manifest.json');
    expect(manifest.headers()['cache-control']).toBe('no-cache');
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
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
});
