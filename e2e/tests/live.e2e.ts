import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, uniqueEmail, type TrackedPage } from '../support/browser.js';
import { signInThroughUi } from '../support/journeys.js';
import { api, createMeeting } from '../support/meetings.js';

// Live updates: a change made by anyone shows on every open copy of the meeting without
// a reload, a tick on the actions page included.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Well above the second the product promises: the machine runs other work beside the test. */
const SOON = { timeout: 5_000 };
const POLL = { timeout: 15_000, interval: 200 };

/** Marks the page's document: a reload (or any navigation to a new document) loses the mark. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { liveMark: true }));
}
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark === true);

async function signedIn(email: string): Promise<TrackedPage> {
  const tracked = await openPage(browser);
  await signInThroughUi(tracked.page, email);
  return tracked;
}

describe('live updates of an open meeting', () => {
  it('shows the owner’s title, agenda and action changes, and a tick from the actions page, on every open copy', async () => {
    const editorEmail = uniqueEmail('live-editor');
    const viewerEmail = uniqueEmail('live-viewer');
    const owner = await signedIn(uniqueEmail('live-owner'));
    const meeting = await createMeeting(owner.page, 'Weekly sync', { agenda: ['Budget'] });
    await api(owner.page, 'PUT', `/meetings/${meeting.id}/add-shared-user`, {
      email: editorEmail,
      role: 'editor',
    });
    await api(owner.page, 'PUT', `/meetings/${meeting.id}/add-shared-user`, {
      email: viewerEmail,
    });

    const editor = await signedIn(editorEmail);
    const viewer = await signedIn(viewerEmail);
    const url = `/app/meetings/${meeting.id}`;
    for (const { page } of [owner, editor, viewer]) await page.goto(url);
    await owner.page.getByRole('checkbox', { name: 'Budget' }).waitFor();
    await editor.page.getByRole('checkbox', { name: 'Budget' }).waitFor();
    await viewer.page.getByRole('heading', { level: 1, name: 'Weekly sync' }).waitFor();
    for (const { page } of [editor, viewer]) await markDocument(page);

    // The title, on the editable and the read-only page.
    const ownerTitle = owner.page.getByRole('textbox', { name: 'Meeting title' });
    const editorTitle = editor.page.getByRole('textbox', { name: 'Meeting title' });
    const renamed = owner.page.waitForResponse(
      (r) => r.url().includes('/update-info') && r.status() === 200,
    );
    await ownerTitle.fill('Weekly sync: planning');
    await ownerTitle.press('Enter');
    await renamed;
    await expect.poll(() => editorTitle.inputValue(), SOON).toBe('Weekly sync: planning');
    await viewer.page
      .getByRole('heading', { level: 1, name: 'Weekly sync: planning' })
      .waitFor(SOON);

    // An agenda item and an action.
    const agenda = owner.page.getByRole('textbox', { name: 'Add agenda item...' });
    await agenda.fill('Hiring');
    await agenda.press('Enter');
    await editor.page.getByRole('checkbox', { name: 'Hiring' }).waitFor(SOON);
    await viewer.page.getByText('Hiring', { exact: true }).waitFor(SOON);

    const actions = owner.page.getByRole('textbox', { name: 'Add action item...' });
    await actions.fill('Send the minutes');
    await actions.press('Enter');
    const editorBox = editor.page.getByRole('checkbox', { name: 'Send the minutes' });
    const viewerBox = viewer.page.getByRole('checkbox', { name: 'Send the minutes' });
    await editorBox.waitFor(SOON);
    await viewerBox.waitFor(SOON);
    expect(await editorBox.isChecked()).toBe(false);

    // What the editor is typing in the title stays while others' changes arrive.
    await editorTitle.click();
    await editorTitle.press('End');
    await editorTitle.pressSequentially(' (draft');
    await agenda.fill('Office move');
    await agenda.press('Enter');
    await editor.page.getByRole('checkbox', { name: 'Office move' }).waitFor(SOON);
    expect(await editorTitle.inputValue()).toBe('Weekly sync: planning (draft');
    await editorTitle.press('Escape');

    // The viewer ticks the action on the actions page, in another tab: every meeting page shows it.
    await expect
      .poll(
        () =>
          api<{ meetings: { actions: { text: string }[] }[] }>(
            viewer.page,
            'GET',
            '/actions/?search=minutes',
          ).then(({ meetings }) => meetings.flatMap((m) => m.actions.map((a) => a.text))),
        POLL,
      )
      .toEqual(['Send the minutes']);
    const actionsTab = await viewer.context.newPage();
    await actionsTab.goto('/app/actions');
    const tick = actionsTab.getByRole('checkbox', { name: 'Send the minutes' });
    await tick.click();
    await expect.poll(() => tick.isChecked(), SOON).toBe(true);
    const ownerBox = owner.page.getByRole('checkbox', { name: 'Send the minutes' });
    await expect.poll(() => ownerBox.isChecked(), SOON).toBe(true);
    await expect.poll(() => editorBox.isChecked(), SOON).toBe(true);
    await expect.poll(() => viewerBox.isChecked(), SOON).toBe(true);

    // None of it took a reload.
    expect(await stillSameDocument(editor.page)).toBe(true);
    expect(await stillSameDocument(viewer.page)).toBe(true);

    // The owner deletes the meeting: the open copies say it is gone.
    await api(owner.page, 'DELETE', `/meetings/${meeting.id}/delete`);
    await viewer.page.getByText('Meeting not found', { exact: true }).waitFor(SOON);
    await editor.page.getByText('Meeting not found', { exact: true }).waitFor(SOON);
    for (const tracked of [owner, editor, viewer]) expect(tracked.crashes).toEqual([]);
  });
});
