import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEETING_GROUPS } from '@meetings/domain';
import { launchBrowser, openPage, uniqueEmail } from '../support/browser.js';
import { signInThroughUi } from '../support/journeys.js';
import {
  api,
  createMeeting,
  dayOffset,
  getMeeting,
  kb,
  loadedScripts,
  unexpected,
} from '../support/meetings.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const GROUP_ORDER: readonly string[] = MEETING_GROUPS;

function saved(page: Page, path: string) {
  return page.waitForResponse(
    (response) =>
      response.url().includes(path) && response.request().method() !== 'GET' && response.ok(),
  );
}

const meetingRows = (page: Page) => page.locator('main a[href^="/app/meetings/"]');

describe('meetings', () => {
  it('create, rename, set date and time, share read-only, unshare, delete', async () => {
    const owner = await openPage(browser);
    const ownerEmail = uniqueEmail('owner');
    const guestEmail = uniqueEmail('guest');
    await signInThroughUi(owner.page, ownerEmail);
    const { page } = owner;

    // The list: search box focused on load.
    await page.getByRole('searchbox', { name: 'Search meetings' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Search meetings',
    );

    // Create through the New Meeting dialog.
    await page.getByRole('button', { name: 'New Meeting' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Meeting' });
    await dialog.getByRole('textbox', { name: 'Meeting Title' }).fill('Kick-off');
    await dialog.getByRole('button', { name: 'Create Meeting' }).click();
    await page.waitForURL(/\/app\/meetings\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;

    // Rename: Enter commits by leaving the field.
    const title = page.getByRole('textbox', { name: 'Meeting title' });
    expect(await title.inputValue()).toBe('Kick-off');
    await title.fill('Quarterly planning');
    const renamed = saved(page, `/meetings/${id}/update-info`);
    await title.press('Enter');
    await renamed;

    // Date and time, each with its toast.
    await page.getByLabel('Date').fill('2030-06-14');
    await page.getByText('Date and time updated successfully').waitFor();
    const timeSaved = saved(page, `/meetings/${id}/update-info`);
    await page.getByLabel('Time').selectOption('09:45');
    await timeSaved;
    expect(await page.getByLabel('Time').locator('option:not([hidden])').count()).toBe(96);

    // Share with a second user.
    const email = page.getByRole('textbox', { name: 'Email to share with' });
    await email.fill('not-an-email');
    await email.press('Enter');
    await page.getByText('Please enter a valid email address.').waitFor();
    await email.fill(guestEmail);
    await email.press('Enter');
    await page.getByText(`${guestEmail} has been added successfully.`).waitFor();

    // All of it survives a reload.
    await page.reload();
    await title.waitFor();
    expect(await title.inputValue()).toBe('Quarterly planning');
    expect(await page.getByLabel('Date').inputValue()).toBe('2030-06-14');
    expect(await page.getByLabel('Time').inputValue()).toBe('09:45');
    await page
      .getByRole('region', { name: 'Shared with' })
      .getByText(guestEmail, { exact: true })
      .waitFor();

    // The second user sees it in their list and gets the read-only page.
    const guest = await openPage(browser);
    await signInThroughUi(guest.page, guestEmail);
    const row = guest.page.getByRole('link', { name: /Quarterly planning/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Friday 14/06/2030');
    await guest.page
      .getByRole('region', { name: 'Later' })
      .getByText('Quarterly planning')
      .waitFor();
    const avatars = row.getByRole('img');
    expect(await avatars.first().getAttribute('aria-label')).toBe(`${ownerEmail} (Owner)`);
    expect(await avatars.nth(1).getAttribute('aria-label')).toBe(guestEmail);
    await row.click();
    await guest.page.getByRole('heading', { level: 1, name: 'Quarterly planning' }).waitFor();
    await guest.page.getByText('Friday 14/06/2030').waitFor();
    await guest.page.getByText('09:45', { exact: true }).waitFor();
    expect(await guest.page.getByRole('textbox', { name: 'Meeting title' }).count()).toBe(0);
    await guest.page.getByText('No agenda items for this meeting').waitFor();
    await guest.page.getByText('No actions for this meeting').waitFor();

    // Unshare: the guest loses it.
    await page.getByRole('img', { name: `Stop sharing with ${guestEmail}` }).click();
    await page.getByText(`Removed sharing with ${guestEmail}`).waitFor();
    await guest.page.goto('/app/meetings');
    await guest.page.getByText('No meetings yet').waitFor();
    expect(await guest.page.getByText('Quarterly planning').count()).toBe(0);
    await guest.page.goto(`/app/meetings/${id}`);
    await guest.page.getByText("You don't have permission to view this meeting").waitFor();
    await guest.page.waitForURL(/\/app\/meetings$/);

    // Delete, with the confirmation.
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog');
    await confirm
      .getByText('Are you sure you want to delete this meeting? This action cannot be undone.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Meeting deleted successfully').waitFor();
    await page.waitForURL(/\/app\/meetings$/);
    await page.getByText('No meetings yet').waitFor();
    expect(await page.getByText('Quarterly planning').count()).toBe(0);

    expect(owner.errors).toEqual([]);
    expect(unexpected(guest.errors, /status of 403/)).toEqual([]);
    await owner.context.close();
    await guest.context.close();
  });

  it('groups meetings and loads them 25 at a time as the list scrolls', async () => {
    const { page, context, errors } = await openPage(browser);
    await signInThroughUi(page, uniqueEmail('lister'));
    // 28 older meetings, two weeks apart, plus one today and one next week.
    for (let i = 0; i < 28; i++) {
      await createMeeting(page, `Old review ${i + 1}`, { date: dayOffset(-100 - i * 14) });
    }
    await createMeeting(page, 'Today sync', { date: dayOffset(0, 9) });
    await createMeeting(page, 'Next week sync', { date: dayOffset(7) });

    const pages: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/meetings/') pages.push(url.searchParams.get('page') ?? '');
    });
    await page.reload();
    await page.getByText('Today sync').waitFor();
    // Page 1 only: the end of the list is far below the fold.
    await expect.poll(() => meetingRows(page).count()).toBe(25);
    expect(pages).toEqual(['1']);

    await page.getByTestId('meetings-sentinel').scrollIntoViewIfNeeded();
    await page.getByText('No more meetings to load.').waitFor();
    await expect.poll(() => meetingRows(page).count()).toBe(30);
    expect(pages).toEqual(['1', '2']);

    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual(GROUP_ORDER.filter((group) => headings.includes(group)));
    expect(headings).toContain('This week');
    expect(headings).toContain('Older');
    // Newest first in a group.
    const older = await page
      .getByRole('region', { name: 'Older' })
      .getByRole('link')
      .allTextContents();
    const titles = older.map((text) => /Old review \d+/.exec(text)?.[0]);
    expect(titles.length).toBeGreaterThan(10);
    const numbers = titles.map((t) => Number(t?.split(' ').pop()));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));

    // Search starts again from page 1 and finds by title.
    await page.getByRole('searchbox', { name: 'Search meetings' }).fill('review 27');
    await page.getByText('Old review 27').waitFor();
    await expect.poll(() => meetingRows(page).count()).toBe(1);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens /app/meetings from its address: app bar, sidebar, the list; a visitor goes to /login', async () => {
    const { page, context, errors } = await openPage(browser);
    await signInThroughUi(page, uniqueEmail('frame'));
    await createMeeting(page, 'Frame check');

    const fresh = await context.newPage();
    const freshErrors: string[] = [];
    fresh.on('console', (message) => {
      if (message.type() === 'error') freshErrors.push(message.text());
    });
    fresh.on('pageerror', (error) => freshErrors.push(error.message));
    const response = await fresh.goto('/app/meetings');
    expect(response!.headers()['cache-control']).toBe('no-cache');
    await fresh.getByText('Frame check').waitFor();
    expect(await fresh.locator('h1').allTextContents()).toEqual(['Meetings']);
    expect(await fresh.getByRole('banner').textContent()).toContain('MeetingKeeper');
    // 1280 px wide: the sidebar layout; its entry for this page is marked.
    expect(await fresh.locator('nav a[aria-current="page"]').getAttribute('href')).toBe(
      '/app/meetings',
    );
    await expect(
      fresh.evaluate(() => document.activeElement?.getAttribute('aria-label')),
    ).resolves.toBe('Search meetings');

    // A phone: the top bar's icons instead of the sidebar, the same page.
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 800 });
    await phone.goto('/app/meetings');
    await phone.getByText('Frame check').waitFor();
    expect(await phone.locator('h1:visible').allTextContents()).toEqual(['Meetings']);
    expect(await phone.locator('nav:visible a').count()).toBe(2);
    expect(await phone.locator('.MuiListItemText-root:visible').count()).toBe(0);
    await phone.close();

    // A visitor without a session goes to the login page.
    const { page: visitor, context: visitorContext } = await openPage(browser);
    await visitor.goto('/app/meetings');
    await visitor.waitForURL('**/login');
    await visitorContext.close();
    expect(freshErrors).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('first load of /app/meetings stays light; the editor loads with a meeting', async () => {
    const { page, context } = await openPage(browser);
    await signInThroughUi(page, uniqueEmail('sizes'));
    const meeting = await createMeeting(page, 'Size check');
    const fresh = await context.newPage();
    const requested: string[] = [];
    fresh.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const preloadWarnings: string[] = [];
    fresh.on('console', (message) => {
      if (/preload/i.test(message.text())) preloadWarnings.push(message.text());
    });
    await fresh.goto('/app/meetings');
    await fresh.getByText('Size check').waitFor();
    await fresh.waitForLoadState('networkidle');
    // What the HTML and the federation runtime preload is fetched once, and used.
    const hints = await fresh.$$eval('link[rel="preload"]', (links) =>
      links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
    );
    expect(hints).toEqual(expect.arrayContaining(['/remotes.json', '/branding.json']));
    for (const hint of hints)
      expect({ hint, fetched: requested.filter((p) => p === hint).length }).toEqual({
        hint,
        fetched: 1,
      });
    // Chromium warns of a preload the page has not used 3 s after its load event.
    await fresh.waitForTimeout(3_500);
    expect(preloadWarnings).toEqual([]);
    const list = await loadedScripts(fresh);
    const listTotal = list.reduce((sum, file) => sum + file.gzip, 0);
    expect(list.some((file) => file.url.startsWith('/remotes/mfe-meetings/'))).toBe(true);

    await fresh.getByText('Size check').click();
    await fresh.getByRole('textbox', { name: 'Meeting notes' }).waitFor();
    const all = await loadedScripts(fresh);
    const meetingPage = all.filter((file) => !list.some((seen) => seen.url === file.url));
    const pageTotal = meetingPage.reduce((sum, file) => sum + file.gzip, 0);
    const lines = (files: typeof list) =>
      [...files]
        .sort((a, b) => b.gzip - a.gzip)
        .map((file) => `  ${file.url} ${kb(file.gzip)}`)
        .join('\n');
    console.log(
      `first load of /app/meetings: ${list.length} scripts, ${kb(listTotal)} gzip\n${lines(list)}\n` +
        `the meeting page adds ${meetingPage.length} scripts, ${kb(pageTotal)} gzip\n${lines(meetingPage)}`,
    );
    expect(meetingPage.length).toBeGreaterThan(0);
    // Neither page checks data against schemas: the schema library (25 KB gzip) is not part of them.
    expect(all.filter((file) => file.schemaLibrary)).toEqual([]);
    expect(listTotal).toBeLessThanOrEqual(350 * 1024);
    expect(await getMeeting(page, meeting.id)).toMatchObject({ title: 'Size check' });
    await api(page, 'DELETE', `/meetings/${meeting.id}/delete`);
    await context.close();
  });
});
