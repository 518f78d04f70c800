import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, uniqueEmail, type TrackedPage } from '../support/browser.js';
import { signInThroughUi } from '../support/journeys.js';

/** The list reloads after a pause in typing and an index update: give it time. */
const POLL = { timeout: 10_000, interval: 100 };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

interface CreatedMeeting {
  id: string;
}

/** Calls the API with the signed-in page's session cookie, as the page itself would. */
async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
  const response = await page.request.fetch(`/api${path}`, { method, data: body });
  if (!response.ok())
    throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

async function createMeeting(page: Page, title: string, date: Date, actions: string[]) {
  const { meeting } = await api<{ meeting: CreatedMeeting }>(page, 'POST', '/meetings/create', {
    title,
    date: date.toISOString(),
  });
  for (const text of actions) {
    await api(page, 'PUT', `/meetings/${meeting.id}/add-action-item`, { text });
  }
  return meeting;
}

/** The action index is fed by events: wait until it holds every open action we made. */
async function waitForIndex(page: Page, count: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { meetings } = await api<{ meetings: { actions: unknown[] }[] }>(
      page,
      'GET',
      '/actions/?pageSize=100',
    );
    const indexed = meetings.reduce((sum, meeting) => sum + meeting.actions.length, 0);
    if (indexed === count) return;
    if (Date.now() > deadline) throw new Error(`the action index holds ${indexed} of ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function dayOffset(days: number): Date {
  const date = new Date();
  date.setDate(date.getDate() + days);
  date.setHours(10, 0, 0, 0);
  return date;
}

function ddMMyyyy(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

const budgetDate = dayOffset(0);
const launchDate = dayOffset(-1);
const BUDGET = `Budget review - ${ddMMyyyy(budgetDate)}`;
const LAUNCH = `Launch plan - ${ddMMyyyy(launchDate)}`;
const launchTasks = Array.from(
  { length: 30 },
  (_, index) => `Launch task ${String(index + 1).padStart(2, '0')}`,
);

describe('actions page', () => {
  let tracked: TrackedPage;
  let page: Page;

  beforeAll(async () => {
    tracked = await openPage(browser);
    page = tracked.page;
    await signInThroughUi(page, uniqueEmail('actions'));
    await createMeeting(page, 'Budget review', budgetDate, [
      'Send the forecast #finance',
      'Book a room',
      'Chase the invoice #finance #urgent',
    ]);
    await createMeeting(page, 'Launch plan', launchDate, launchTasks);
    await waitForIndex(page, 33);
    await page.getByRole('link', { name: 'Actions' }).first().click();
    await page.waitForURL('**/app/actions');
  });

  afterAll(async () => {
    await tracked?.context.close();
  });

  const search = () => page.getByRole('combobox', { name: 'Search actions' });
  const checkboxes = () => page.locator('main').getByRole('checkbox');

  async function expectActions(texts: string[]) {
    await expect
      .poll(() => checkboxes().evaluateAll((boxes) => boxes.map((b) => b.ariaLabel)), POLL)
      .toEqual(texts);
  }

  it('lists meetings with their actions, 25 at first and the rest when scrolled to the end', async () => {
    await page.getByRole('link', { name: BUDGET }).waitFor();
    await expect.poll(() => checkboxes().count(), POLL).toBe(25);
    expect(await page.getByText('No more actions to load.').count()).toBe(0);
    expect(await page.getByRole('link', { name: BUDGET }).getAttribute('href')).toMatch(
      /^\/app\/meetings\/[0-9a-f-]{36}$/,
    );
    // Hashtags in the action's list show as chips.
    await expect
      .poll(() => page.locator('[data-hashtag]').allTextContents(), POLL)
      .toEqual(['#finance', '#finance', '#urgent']);

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByText('No more actions to load.').waitFor();
    await expectActions([
      'Send the forecast #finance',
      'Book a room',
      'Chase the invoice #finance #urgent',
      ...launchTasks,
    ]);
    expect(await page.getByRole('link', { name: LAUNCH }).count()).toBe(1);
  });

  it('finds actions by their text and by their meeting title', async () => {
    await search().fill('invoice');
    await expectActions(['Chase the invoice #finance #urgent']);

    await search().fill('Budget rev');
    await expectActions([
      'Send the forecast #finance',
      'Book a room',
      'Chase the invoice #finance #urgent',
    ]);
    expect(await page.getByRole('link', { name: LAUNCH }).count()).toBe(0);
  });

  it('finds actions by picking a hashtag suggestion', async () => {
    await search().fill('');
    await search().pressSequentially('#FIN');
    const option = page.getByRole('option', { name: '#finance' });
    await option.waitFor();
    expect(await page.getByRole('option').allTextContents()).toEqual(['#finance']);
    await option.click();
    await expect.poll(() => search().inputValue(), POLL).toBe('#finance ');
    await expectActions(['Send the forecast #finance', 'Chase the invoice #finance #urgent']);
    await page.getByText('Filtered by #finance').waitFor();

    await search().pressSequentially('#zz');
    await page.getByText('No hashtags found.').waitFor();
    await search().press('Escape');
    expect(await page.getByText('No hashtags found.').count()).toBe(0);
  });

  it('ticks an action once the server agrees, and shows it again with "Show completed"', async () => {
    await search().fill('forecast');
    await expectActions(['Send the forecast #finance']);
    const box = page.getByRole('checkbox', { name: 'Send the forecast #finance' });
    await box.click();
    await expect.poll(() => box.isChecked(), POLL).toBe(true);
    await expect.poll(() => box.isDisabled(), POLL).toBe(false);

    // svc-meetings made the change; the action index has it once the meeting's event is in.
    const stored = () =>
      api<{ meetings: { actions: { text: string; completed: boolean }[] }[] }>(
        page,
        'GET',
        '/actions/?search=forecast&showCompleted=true',
      ).then(({ meetings }) => meetings.flatMap((meeting) => meeting.actions));
    await expect
      .poll(stored, POLL)
      .toMatchObject([{ text: 'Send the forecast #finance', completed: true }]);

    // A new list without completed actions leaves it out; "Show completed" brings it back.
    await search().fill('');
    await search().fill('Budget');
    await expectActions(['Book a room', 'Chase the invoice #finance #urgent']);
    await page.getByRole('switch', { name: 'Show completed' }).click();
    await expectActions([
      'Send the forecast #finance',
      'Book a room',
      'Chase the invoice #finance #urgent',
    ]);
    expect(await box.isChecked()).toBe(true);

    expect(tracked.errors).toEqual([]);
  });

  it('opens /app/actions from its address with the first page of actions, completed ones hidden', async () => {
    const fresh = await tracked.context.newPage();
    const response = await fresh.goto('/app/actions');
    // The shell's own page, the same for everyone: the actions come from the API afterwards.
    expect(response!.headers()['cache-control']).toBe('no-cache');
    const main = fresh.locator('main');
    await main.getByText('Book a room').waitFor();
    expect(await main.getByText('Send the forecast').count()).toBe(0);
    const heading = main.locator('h2 a', { hasText: 'Budget review' });
    expect(await heading.getAttribute('href')).toMatch(/^\/app\/meetings\/[0-9a-f-]{36}$/);
    await expect.poll(() => main.getByRole('checkbox').count(), POLL).toBe(25);
    await fresh.close();
  });

  it('keeps the search in the address, and a hashtag chip opens the actions it tags', async () => {
    const fresh = await tracked.context.newPage();
    await fresh.goto('/app/actions');
    const main = fresh.locator('main');
    await main.getByText('Book a room').waitFor();
    await main.locator('[data-hashtag="urgent"]').click();
    await fresh.waitForURL('**/app/actions?hashtag=urgent');
    await expect
      .poll(
        () => main.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => b.ariaLabel)),
        POLL,
      )
      .toEqual(['Chase the invoice #finance #urgent']);
    expect(await fresh.getByRole('combobox', { name: 'Search actions' }).inputValue()).toBe(
      '#urgent ',
    );
    await fresh.getByRole('switch', { name: 'Show completed' }).click();
    await fresh.waitForURL('**/app/actions?hashtag=urgent&completed=true');
    await fresh.reload();
    await main.getByText('Chase the invoice').waitFor();
    expect(await fresh.getByRole('switch', { name: 'Show completed' }).isChecked()).toBe(true);
    expect(await main.getByText('Book a room').count()).toBe(0);
    await fresh.close();
  });

  it('first load of /app/actions: what the page fetches, gzipped', async () => {
    const fresh = await tracked.context.newPage();
    await fresh.goto('/app/actions');
    await fresh.getByRole('link', { name: BUDGET }).waitFor();
    const scripts = await fresh.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.endsWith('.js')),
    );
    const sizes = await Promise.all(
      scripts.map(async (url) => {
        const body = await fresh.request.get(url).then((response) => response.body());
        return { url: new URL(url).pathname, gzip: gzipSync(body).length };
      }),
    );
    await fresh.close();
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const total = sizes.reduce((sum, file) => sum + file.gzip, 0);
    const remote = sizes.filter((file) => file.url.startsWith('/remotes/mfe-actions/'));
    const remoteTotal = remote.reduce((sum, file) => sum + file.gzip, 0);
    console.log(
      `first load of /app/actions: ${sizes.length} scripts, ${kb(total)} gzip; ` +
        `mfe-actions ${remote.length} files, ${kb(remoteTotal)} gzip\n` +
        remote.map((file) => `  ${file.url} ${kb(file.gzip)}`).join('\n'),
    );
    expect(remote.length).toBeGreaterThan(0);
  });
});
