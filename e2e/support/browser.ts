import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

export async function launchBrowser(): Promise<Browser> {
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
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

/** A fresh browser profile and page that records every console error and page error. */
export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number } = {},
): Promise<TrackedPage> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('dialog', (dialog) => {
    errors.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { page, context, errors };
}

/** The n-th login-code e-mail sent to an address (index = how many earlier mails to skip). */
export async function loginMail(
  email: string,
  index: number,
): Promise<{ code: string; raw: string }> {
  const response = await fetch(
    `${inject('mailboxUrl')}/code?to=${encodeURIComponent(email)}&after=${index}`,
  );
  if (!response.ok) throw new Error(`no login code for ${email}`);
  return (await response.json()) as { code: string; raw: string };
}

export async function loginCode(email: string, index: number): Promise<string> {
  return (await loginMail(email, index)).code;
}

export async function mailCount(email: string): Promise<number> {
  const response = await fetch(`${inject('mailboxUrl')}/count?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { count: number }).count;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Support tooling: moves a user's trial end (used to reach an expired trial). */
export async function setTrialEnd(email: string, when: Date): Promise<void> {
  const response = await fetch(
    `${inject('subscriptionManagementUrl')}/internal/subscriptions/trial-end`,
    {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-operator-token': inject('operatorToken') },
      body: JSON.stringify({ email, trialExpiresOn: when.toISOString() }),
    },
  );
  if (!response.ok)
    throw new Error(`trial-end answered ${response.status}: ${await response.text()}`);
}
