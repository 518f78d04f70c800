import { openTrackedPage, type TrackedPage } from '@meetings/testing';
import type { Browser } from 'playwright-core';
import { inject } from 'vitest';

export { launchBrowser, type TrackedPage } from '@meetings/testing';

export const baseUrl = () => inject('baseUrl');

/** A fresh browser profile and page that records every console error and page error. */
export function openPage(
  browser: Browser,
  options: { width?: number; height?: number; touch?: boolean } = {},
): Promise<TrackedPage> {
  return openTrackedPage(browser, baseUrl(), { ...options, clipboard: true });
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

/** The first mail to `email` whose raw text has `words`, waiting for it (15 s at most). */
export async function mailWith(email: string, words: string): Promise<string> {
  const response = await fetch(
    `${inject('mailboxUrl')}/mail?to=${encodeURIComponent(email)}&contains=${encodeURIComponent(words)}`,
  );
  if (!response.ok) throw new Error(`no mail to ${email} with "${words}"`);
  return ((await response.json()) as { raw: string }).raw;
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
