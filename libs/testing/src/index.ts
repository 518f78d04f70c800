import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Debian's Chromium, headless. Without the background-networking flags it keeps trying hosts a
 * closed network refuses.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, uncaught exceptions and dialogs seen so far. */
  errors: string[];
  /** Uncaught exceptions only: whatever else happens, the page must never crash. */
  crashes: string[];
}

/** A fresh browser profile and page that records every console error and page error. */
export async function openTrackedPage(
  browser: Browser,
  baseURL: string,
  options: { width?: number; height?: number; clipboard?: boolean; touch?: boolean } = {},
): Promise<TrackedPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    // A phone: a touch screen without hover, taps instead of clicks.
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
    permissions: options.clipboard ? ['clipboard-read', 'clipboard-write'] : [],
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const crashes: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    errors.push(`pageerror: ${error.message}`);
    crashes.push(error.message);
  });
  page.on('dialog', (dialog) => {
    errors.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { page, context, errors, crashes };
}

/** Types a code into the six boxes and submits. */
export async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify & Login' }).click();
}

/** /login → the code `nextCode` reads from the mailbox → /verify. */
export async function signInWithCode(
  page: Page,
  email: string,
  nextCode: () => Promise<string>,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Login Code' }).click();
  await page.waitForURL('**/verify');
  await enterCode(page, await nextCode());
}

/** After sign-in: accepts the privacy statement and starts the trial when asked, up to the app. */
export async function completeOnboarding(page: Page): Promise<void> {
  // The URL alone can't tell: the guard may still be checking; wait for what the screen shows.
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

/** The subscription badge in the app bar: present on every signed-in /app page. */
export function appBadge(page: Page) {
  return page.getByRole('banner').getByText(/^(Trial: \d+ days left|Premium|Free)$/);
}

export { joinLiveNotes, typeBetweenWords, type LiveNotesClient } from './live-notes.js';
