import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser.js';
import { appBadge, enterCode } from '../../e2e/support/journeys.js';
import type { Mailbox } from './cluster.js';

export { appBadge, launchBrowser };

export interface FaultPage {
  page: Page;
  context: BrowserContext;
  /** Page errors (uncaught exceptions): a fault must never crash the shell. */
  crashes: string[];
}

export async function openFaultPage(browser: Browser, baseURL: string): Promise<FaultPage> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const crashes: string[] = [];
  page.on('pageerror', (error) => crashes.push(error.message));
  return { page, context, crashes };
}

/** /login → code from the cluster's mailbox → privacy and trial steps → the meetings page. */
export async function signInInBrowser(page: Page, mailbox: Mailbox, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Login Code' }).click();
  await page.waitForURL('**/verify');
  await enterCode(page, await mailbox.nextCode(email, 30_000));
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
}
