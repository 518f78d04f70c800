import { renameSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { appBadge, launchBrowser, openFaultPage, signInInBrowser } from '../../support/browser.js';
import type { FaultSuite } from '../../support/suite.js';

const FALLBACK = 'Actions could not be loaded';

async function fallbackShownMs(page: Page): Promise<number> {
  const started = Date.now();
  await page.getByRole('link', { name: 'Actions' }).first().click();
  await page.getByText(FALLBACK).waitFor({ timeout: 10_000 });
  return Date.now() - started;
}

/** The shell and the meetings remote still work: app bar, badge, the meetings page and its list. */
async function restStillWorks(page: Page): Promise<void> {
  await appBadge(page).waitFor();
  await page.getByRole('link', { name: 'Meetings' }).first().click();
  await page.waitForURL('**/app/meetings');
  await page.getByRole('heading', { name: 'Meetings', level: 1 }).waitFor();
  await page.getByRole('searchbox', { name: /search/i }).waitFor();
}

/**
 * mfe-actions' files are gone from the server (404), then hang (no answer at all): the shell shows
 * the fallback with Retry within 5 s, the shell and the meetings remote keep working, and Retry
 * loads the remote once its files are back.
 */
export function remoteUnavailable(suite: () => FaultSuite, actionsDir: () => string): void {
  it("a remote's files unavailable (gone, then hanging): the fallback appears within 5 s, the shell and the other remotes keep working, Retry recovers", async () => {
    const { env, results } = suite();
    let browser: Browser | undefined;
    const dir = actionsDir();
    try {
      browser = await launchBrowser();
      const { page, context, crashes } = await openFaultPage(browser, env.cluster.gatewayUrl);
      await signInInBrowser(
        page,
        env.cluster.mailbox,
        `remote-${Date.now().toString(36)}@faults.example.com`,
      );

      // 1. Gone: the deployment lost its files (the gateway answers 404).
      renameSync(dir, `${dir}.gone`);
      const goneMs = await fallbackShownMs(page);
      await restStillWorks(page);
      renameSync(`${dir}.gone`, dir);
      await page.getByRole('link', { name: 'Actions' }).first().click();
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('heading', { name: 'Actions', level: 1 }).waitFor({ timeout: 10_000 });

      // 2. Hanging: a fresh page whose requests for the remote's files never get an answer.
      const second = await context.newPage();
      second.on('pageerror', (error) => crashes.push(error.message));
      await second.route('**/remotes/mfe-actions/**', () => undefined);
      await second.goto('/app/meetings');
      await appBadge(second).waitFor();
      const hangingMs = await fallbackShownMs(second);
      await restStillWorks(second);
      await second.unroute('**/remotes/mfe-actions/**');
      await second.getByRole('link', { name: 'Actions' }).first().click();
      await second.getByRole('button', { name: 'Retry' }).click();
      await second.getByRole('heading', { name: 'Actions', level: 1 }).waitFor({ timeout: 10_000 });

      results.remoteUnavailable = {
        fallbackWhenGoneMs: goneMs,
        fallbackWhenHangingMs: hangingMs,
        pageCrashes: crashes,
      };
      expect(goneMs).toBeLessThan(5_000);
      expect(hangingMs).toBeLessThan(5_000);
      expect(crashes).toEqual([]);
      await context.close();
    } finally {
      await browser?.close();
      try {
        renameSync(`${dir}.gone`, dir);
      } catch {
        // already back
      }
    }
  });
}
