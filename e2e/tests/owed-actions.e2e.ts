import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, uniqueEmail } from '../support/browser.js';
import { signInThroughUi } from '../support/journeys.js';
import { createMeeting, dayOffset, getMeeting } from '../support/meetings.js';

// In the browser: who owes an action and by when, from the meeting to the actions page.

/** The action index and the badge follow events: give them time. */
const POLL = { timeout: 15_000, interval: 200 };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

function saved(page: Page, path: string) {
  return page.waitForResponse(
    (response) =>
      response.url().includes(path) && response.request().method() === 'PUT' && response.ok(),
    { timeout: 15_000 },
  );
}

async function openOwedEditor(page: Page, text: string) {
  const row = page.getByRole('listitem').filter({ hasText: text });
  await row.getByRole('button', { name: 'Set assignee and due date' }).click();
  return page.getByRole('dialog', { name: 'Set assignee and due date' });
}

describe('assignee and due date', () => {
  it('assigns to a new address, sets a past due date and finds it overdue on the actions page', async () => {
    const { page, context, errors } = await openPage(browser);
    const owner = uniqueEmail('owner');
    const newcomer = uniqueEmail('newcomer');
    await signInThroughUi(page, owner);
    const meeting = await createMeeting(page, 'Delivery check', {
      date: dayOffset(-1),
      actions: ['Send the release notes'],
    });
    await page.goto(`/app/meetings/${meeting.id}`);

    // Assigning someone not on the list shares the meeting with them, and the page says so.
    let dialog = await openOwedEditor(page, 'Send the release notes');
    const assigned = saved(page, '/update-action-item/');
    await dialog.getByRole('combobox', { name: 'Assignee' }).fill(newcomer);
    await dialog.getByRole('combobox', { name: 'Assignee' }).press('Enter');
    await assigned;
    await page
      .getByText(`${newcomer} was assigned an action and can now see this meeting.`)
      .waitFor();
    const dated = saved(page, '/update-action-item/');
    await dialog.getByLabel('Due date').fill('2020-01-06');
    await dated;
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(newcomer, { exact: true }).first().waitFor();
    const stored = await getMeeting(page, meeting.id);
    expect(stored.sharedWith).toEqual([newcomer]);
    const row = page.getByRole('listitem').filter({ hasText: 'Send the release notes' });
    await row.getByRole('img', { name: `Assigned to ${newcomer}` }).waitFor();
    expect(await row.locator('[data-due]').getAttribute('data-due')).toBe('overdue');
    expect(await row.locator('[data-due]').textContent()).toBe('Monday 06/01/2020');

    // @ in the add box picks the new action's assignee: the owner owes this one.
    const add = page.getByRole('textbox', { name: 'Add action item...' });
    await add.fill('Review the budget @own');
    await page.getByRole('option', { name: owner }).click();
    expect(await add.inputValue()).toBe('Review the budget');
    const added = saved(page, '/add-action-item');
    await add.press('Enter');
    await added;
    dialog = await openOwedEditor(page, 'Review the budget');
    const mineDated = saved(page, '/update-action-item/');
    await dialog.getByLabel('Due date').fill('2020-02-03');
    await mineDated;
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The actions page, filtered to what is overdue: the filter is in the address.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Actions' })
      .click();
    await page.waitForURL('**/app/actions');
    await page.getByRole('button', { name: 'Overdue' }).click();
    await page.waitForURL('**/app/actions?due=overdue');
    const main = page.locator('main');
    const overdueTexts = () =>
      main.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => box.ariaLabel));
    await expect
      .poll(async () => {
        // The list answers before it is judged (the index may lag a moment behind the meeting).
        await main.getByText('No more actions to load.').waitFor();
        const texts = await overdueTexts();
        if (texts.length < 2) await page.reload();
        return texts;
      }, POLL)
      .toEqual(['Send the release notes', 'Review the budget']);
    const listed = main.getByRole('listitem').filter({ hasText: 'Send the release notes' });
    expect(await listed.locator('[data-due]').getAttribute('data-due')).toBe('overdue');
    await listed.getByRole('img', { name: `Assigned to ${newcomer}` }).waitFor();

    // A reload keeps the filter.
    await page.reload();
    expect(new URL(page.url()).search).toBe('?due=overdue');
    expect(await page.getByRole('button', { name: 'Overdue' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await expect.poll(overdueTexts, POLL).toEqual(['Send the release notes', 'Review the budget']);

    // The sidebar counts the user's own overdue actions: one.
    const badge = page.getByRole('navigation', { name: 'Main' }).locator('[data-overdue-count]');
    await expect.poll(() => badge.textContent(), POLL).toBe('1');
    expect(errors).toEqual([]);
    await context.close();
  });
});
