import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, uniqueEmail } from '../support/browser.js';
import { signInThroughUi } from '../support/journeys.js';
import { createMeeting, getMeeting } from '../support/meetings.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('roles of the people a meeting is shared with', () => {
  it('an editor edits the meeting but not its sharing; a viewer reads; the owner changes roles', async () => {
    const owner = await openPage(browser);
    const editorEmail = uniqueEmail('editor');
    const viewerEmail = uniqueEmail('viewer');
    await signInThroughUi(owner.page, uniqueEmail('owner'));
    const meeting = await createMeeting(owner.page, 'Steering group', { agenda: ['Budget'] });
    await owner.page.goto(`/app/meetings/${meeting.id}`);

    // The owner shares with one editor and one viewer.
    const email = owner.page.getByRole('textbox', { name: 'Email to share with' });
    const role = owner.page.getByRole('combobox', { name: 'Role for the new person' });
    await role.selectOption('editor');
    await email.fill(editorEmail);
    await email.press('Enter');
    await owner.page.getByText(`${editorEmail} has been added successfully.`).waitFor();
    await role.selectOption('viewer');
    await email.fill(viewerEmail);
    await email.press('Enter');
    await owner.page.getByText(`${viewerEmail} has been added successfully.`).waitFor();
    expect((await getMeeting(owner.page, meeting.id)).sharedRoles).toEqual({
      [editorEmail]: 'editor',
      [viewerEmail]: 'viewer',
    });

    // The editor gets the editable page, without Delete and without the share box.
    const editor = await openPage(browser);
    await signInThroughUi(editor.page, editorEmail);
    await editor.page.goto(`/app/meetings/${meeting.id}`);
    const title = editor.page.getByRole('textbox', { name: 'Meeting title' });
    expect(await title.inputValue()).toBe('Steering group');
    const agenda = editor.page.getByRole('textbox', { name: 'Add agenda item...' });
    const added = editor.page.waitForResponse(
      (r) => r.url().includes('/add-agenda-item') && r.status() === 200,
    );
    await agenda.fill('Risks');
    await agenda.press('Enter');
    await added;
    expect(await editor.page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    expect(await editor.page.getByRole('textbox', { name: 'Email to share with' }).count()).toBe(0);
    const shared = editor.page.getByRole('region', { name: 'Shared with' });
    await shared.getByText(viewerEmail, { exact: true }).waitFor();

    // The viewer reads the editor's change on the read-only page.
    const viewer = await openPage(browser);
    await signInThroughUi(viewer.page, viewerEmail);
    await viewer.page.goto(`/app/meetings/${meeting.id}`);
    await viewer.page.getByRole('heading', { level: 1, name: 'Steering group' }).waitFor();
    await viewer.page.getByText('Risks', { exact: true }).waitFor();
    expect(await viewer.page.getByRole('textbox', { name: 'Meeting title' }).count()).toBe(0);

    // The owner makes the editor a viewer: the next visit is read-only.
    const changed = owner.page.waitForResponse(
      (r) => r.url().includes('/add-shared-user') && r.status() === 200,
    );
    await owner.page
      .getByRole('combobox', { name: `Role of ${editorEmail}` })
      .selectOption('viewer');
    await changed;
    await editor.page.reload();
    await editor.page.getByRole('heading', { level: 1, name: 'Steering group' }).waitFor();
    expect(await editor.page.getByRole('textbox', { name: 'Meeting title' }).count()).toBe(0);
    expect((await getMeeting(owner.page, meeting.id)).agenda.map((item) => item.text)).toEqual([
      'Budget',
      'Risks',
    ]);
    for (const tracked of [owner, editor, viewer]) expect(tracked.crashes).toEqual([]);
  });
});
