import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from '../support/browser.js';

const root = resolve(import.meta.dirname, '..', '..');
/** The folder the product serves mfe-onboarding from (a copy of its build for this run). */
const onboardingDist = inject('onboardingDir');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * The files a release overwrites (hashed chunks are new names), with the precompressed siblings
 * the build writes beside them: a rollback puts back all of them, as a deploy of the folder does.
 */
const RELEASE_ENTRY_FILES = ['mf-manifest.json', 'remoteEntry.js'].flatMap((file) => [
  file,
  `${file}.br`,
  `${file}.gz`,
]);

/** The release of mfe-onboarding that renders the sign-in page (the landing page is static). */
async function onboardingRelease(page: Page): Promise<string | null> {
  await page.getByRole('button', { name: 'Send Login Code' }).waitFor();
  return page.locator('[data-remote="mfe_onboarding"]').getAttribute('data-remote-release');
}

describe('independent releases', () => {
  it('picks up a redeployed remote on the next page load, without rebuilding or restarting the shell', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/login');
    const before = await onboardingRelease(page);
    const shellScript = await page.locator('script[src]').first().getAttribute('src');
    expect(before).toBe('0.1.0');

    // The onboarding team builds a new release into its own folder and deploys it over the old one.
    const release = `0.1.1-e2e.${Date.now()}`;
    const out = mkdtempSync(join(tmpdir(), 'onboarding-release-'));
    const backup = mkdtempSync(join(tmpdir(), 'onboarding-backup-'));
    for (const file of RELEASE_ENTRY_FILES)
      copyFileSync(join(onboardingDist, file), join(backup, file));
    try {
      const build = spawnSync('npx', ['rspack', 'build', '--mode', 'production'], {
        cwd: join(root, 'mfe-onboarding'),
        env: { ...process.env, MF_BUILD_VERSION: release, MF_OUTPUT_DIR: out },
        encoding: 'utf8',
      });
      expect(build.status, build.stderr).toBe(0);
      cpSync(out, onboardingDist, { recursive: true });

      await page.reload();
      expect(await onboardingRelease(page)).toBe(release);
      expect(await page.locator('script[src]').first().getAttribute('src')).toBe(shellScript);
    } finally {
      for (const file of RELEASE_ENTRY_FILES)
        copyFileSync(join(backup, file), join(onboardingDist, file));
      rmSync(out, { recursive: true, force: true });
      rmSync(backup, { recursive: true, force: true });
    }
    await page.reload();
    expect(await onboardingRelease(page)).toBe('0.1.0');
    await context.close();
  }, 180_000);

  it('refuses a remote built against an incompatible major version, with a clear message', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.route('**/remotes/mfe-onboarding/mf-manifest.json', async (route) => {
      const response = await route.fetch();
      const manifest = (await response.json()) as {
        shared: { name: string; requiredVersion: string; version: string }[];
      };
      for (const shared of manifest.shared) {
        if (shared.name === 'react')
          Object.assign(shared, { requiredVersion: '^20.0.0', version: '20.0.0' });
      }
      await route.fulfill({ response, json: manifest });
    });
    await page.goto('/login');
    const alert = page.getByRole('alert');
    await alert.getByText(/cannot be shown/).waitFor({ timeout: 5_000 });
    expect(await alert.textContent()).toContain(
      'was built for react ^20.0.0, but MeetingKeeper provides react 19.3.1',
    );
    // Refused before any of its code ran: nothing crashed on the page.
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    expect(await page.getByRole('button', { name: 'Send Login Code' }).count()).toBe(0);
    await context.close();
  });
});
