import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, uniqueEmail } from '../support/browser.js';
import { signInThroughUi } from '../support/journeys.js';
import {
  api,
  createMeeting,
  dayOffset,
  ddMMyyyy,
  getMeeting,
  withoutLiveNotes,
} from '../support/meetings.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

function saved(page: Page, path: string | RegExp) {
  return page.waitForResponse(
    (response) =>
      (typeof path === 'string' ? response.url().includes(path) : path.test(response.url())) &&
      response.request().method() !== 'GET' &&
      response.ok(),
    { timeout: 15_000 },
  );
}

function inputDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Drags with the mouse the way a person does: press, move past the threshold, move, release. */
async function drag(page: Page, handle: Locator, target: Locator) {
  // Hovering waits until the handle is visible and still: pressed while the list still settles
  // from an earlier change, the mouse would land beside it and nothing would be dragged.
  await handle.hover();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 8, { steps: 4 });
  await page.mouse.move(x, to.y + to.height / 2, { steps: 20 });
  await page.mouse.up();
}

/** A promise to hold a response on, and its release. */
function gate() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** Where each paragraph of the notes in `notes` stands on the page. */
async function paragraphBoxes(notes: Locator) {
  const boxes = [];
  for (const paragraph of await notes.locator('p').all())
    boxes.push((await paragraph.boundingBox())!);
  return boxes;
}

const agendaTexts = (page: Page) =>
  page.getByRole('list', { name: 'Agenda' }).getByRole('listitem').allTextContents();

describe('meeting content', () => {
  it('builds an agenda: add, edit, reorder by dragging, complete, delete', async () => {
    const { page, context, errors } = await openPage(browser);
    await signInThroughUi(page, uniqueEmail('agenda'));
    const meeting = await createMeeting(page, 'Agenda building');
    await page.goto(`/app/meetings/${meeting.id}`);

    const add = page.getByRole('textbox', { name: 'Add agenda item...' });
    for (const text of ['Welcome', 'Budget', 'Risks']) {
      const added = saved(page, '/add-agenda-item');
      await add.fill(`  ${text} `);
      await add.press('Enter');
      await added;
    }
    expect(await agendaTexts(page)).toEqual(['Welcome', 'Budget', 'Risks']);
    expect(await add.inputValue()).toBe('');

    // Edit in place: click the text, Enter saves.
    await page.getByText('Budget', { exact: true }).click();
    const edit = page.getByRole('textbox', { name: 'Edit agenda item' });
    await edit.fill('Budget 2027');
    const edited = saved(page, '/update-agenda-item/');
    await edit.press('Enter');
    await edited;
    await edit.waitFor({ state: 'detached' });

    // Drag "Risks" onto "Welcome": it takes first place.
    const rows = page.getByRole('list', { name: 'Agenda' }).getByRole('listitem');
    const reordered = saved(page, '/update-agenda-order');
    await drag(page, rows.nth(2).getByRole('button', { name: 'Drag to reorder' }), rows.nth(0));
    await reordered;
    expect(await agendaTexts(page)).toEqual(['Risks', 'Welcome', 'Budget 2027']);

    // Complete one, delete another (the delete button shows on hover).
    const ticked = saved(page, '/update-agenda-item/');
    await page.getByRole('checkbox', { name: 'Welcome' }).check();
    await ticked;
    await rows.nth(0).hover();
    await rows.nth(0).getByRole('button', { name: 'Delete agenda item' }).click();
    await page.getByText('Agenda item removed successfully.').waitFor();

    await page.reload();
    await page.getByRole('list', { name: 'Agenda' }).waitFor();
    expect(await agendaTexts(page)).toEqual(['Welcome', 'Budget 2027']);
    expect(await page.getByRole('checkbox', { name: 'Welcome' }).isChecked()).toBe(true);
    expect((await getMeeting(page, meeting.id)).agenda.map((item) => item.order)).toEqual([2, 3]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves notes without a click, without a live connection: after a pause in typing, and when the page goes', async () => {
    const { page, context, errors } = await openPage(browser);
    await withoutLiveNotes(page);
    await signInThroughUi(page, uniqueEmail('notes'));
    const meeting = await createMeeting(page, 'Notes keeping');
    await page.goto(`/app/meetings/${meeting.id}`);
    const editor = page.getByRole('textbox', { name: 'Meeting notes' });
    await editor.click();
    const paused = saved(page, '/update-notes');
    await page.keyboard.type('Decided to ship on Friday, spec at https://example.org/spec ');
    // Nothing else: the save comes 5 s after typing stops.
    await paused;
    await page.keyboard.type('Then more, right before leaving.');
    await page.reload();
    await expect
      .poll(async () => (await getMeeting(page, meeting.id)).notes, { timeout: 10_000 })
      .toContain('right before leaving.');
    await page.reload();
    await editor.getByText(/right before leaving/).waitFor();
    const link = editor.getByRole('link', { name: 'https://example.org/spec' });
    expect(await link.getAttribute('href')).toBe('https://example.org/spec');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds actions with hashtags, ticks one and copies them', async () => {
    const { page, context, errors } = await openPage(browser);
    await signInThroughUi(page, uniqueEmail('actions'));
    const meeting = await createMeeting(page, 'Launch sync', { date: dayOffset(-2) });
    await page.goto(`/app/meetings/${meeting.id}`);
    const add = page.getByRole('textbox', { name: 'Add action item...' });
    for (const text of ['Send deck to #sales', 'Book venue #ops #events-2027', 'Call supplier']) {
      const added = saved(page, '/add-action-item');
      await add.fill(text);
      await add.press('Enter');
      await added;
    }
    const actions = page.getByRole('region', { name: 'Actions', exact: true });
    expect(await actions.locator('[data-hashtag]').allTextContents()).toEqual(['#sales', '#ops']);
    const ticked = saved(page, '/update-action-item/');
    await page.getByRole('checkbox', { name: 'Call supplier' }).check();
    await ticked;

    await page.getByRole('button', { name: 'Copy actions' }).click();
    await page.getByText('Actions list copied to clipboard').waitFor();
    const header = `Launch sync - ${ddMMyyyy(meeting.date)}`;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      [
        header,
        '-'.repeat(header.length),
        '• Send deck to',
        '• Book venue',
        '• ~~Call supplier~~',
      ].join('\n'),
    );
    const stored = await getMeeting(page, meeting.id);
    expect(stored.actions.map((action) => action.hashtags)).toEqual([
      ['sales'],
      ['ops', 'events-2027'],
      [],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('duplicates with moved actions; the next occurrence shows the previous actions', async () => {
    const { page, context, errors } = await openPage(browser);
    await signInThroughUi(page, uniqueEmail('series'));
    const lastWeek = dayOffset(-7);
    const source = await createMeeting(page, 'Team sync', {
      date: lastWeek,
      agenda: ['Status'],
      actions: ['Chase the #vendor', 'Old finished thing'],
    });
    const done = source.actions.find((action) => action.text === 'Old finished thing')!;
    await api(page, 'PUT', `/meetings/${source.id}/update-action-item/${done.id}`, {
      completed: true,
    });

    // Duplicate, moving the open action into the copy.
    await page.goto(`/app/meetings/${source.id}`);
    await page.getByRole('button', { name: 'Duplicate meeting' }).click();
    let dialog = page.getByRole('dialog', { name: 'Duplicate meeting' });
    expect(await dialog.getByRole('textbox', { name: 'Meeting Title' }).inputValue()).toBe(
      'Team sync',
    );
    expect(await dialog.getByRole('radio', { name: 'All agenda items' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('radio', { name: 'None' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Duplicate notes' }).isChecked()).toBe(false);
    expect(await dialog.getByRole('checkbox', { name: 'All shared with emails' }).isChecked()).toBe(
      false,
    );
    expect(Number((await dialog.getByLabel('Time').inputValue()).split(':')[1]) % 15).toBe(0);
    await dialog.getByRole('radio', { name: 'Move incomplete actions' }).check();
    await dialog.getByRole('button', { name: 'Duplicate' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith(source.id));
    const copyId = new URL(page.url()).pathname.split('/').pop()!;
    // The copy replaces the source on screen: without the completed action, with the open one.
    await page.getByRole('checkbox', { name: 'Old finished thing' }).waitFor({ state: 'detached' });
    // (The URL changes first; the source's page stays on screen until the copy's is ready.)
    const copyActions = page.getByRole('region', { name: 'Actions', exact: true });
    await copyActions.getByRole('checkbox', { name: 'Chase the #vendor' }).waitFor();
    await expect.poll(() => agendaTexts(page)).toEqual(['Status']);
    const sourceNow = await getMeeting(page, source.id);
    expect(sourceNow.actions.map((action) => action.text)).toEqual(['Old finished thing']);

    // The next occurrence, a day later: the open action shows under Previous Actions.
    await page.getByRole('button', { name: 'Duplicate meeting' }).click();
    dialog = page.getByRole('dialog', { name: 'Duplicate meeting' });
    await dialog.getByLabel('Date').fill(inputDate(dayOffset(1)));
    await dialog.getByRole('button', { name: 'Duplicate' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith(copyId));
    const previous = page.getByRole('region', { name: 'Previous Actions' });
    const copy = await getMeeting(page, copyId);
    const link = previous.getByRole('link', { name: `Team sync - ${ddMMyyyy(copy.date)}` });
    await link.waitFor();
    await previous.getByRole('checkbox', { name: 'Chase the #vendor' }).waitFor();
    expect(await previous.getByText('Old finished thing').count()).toBe(0);
    await previous.getByRole('switch', { name: 'Show completed' }).check();
    await previous.getByText('Old finished thing').waitFor();
    await previous.getByRole('link', { name: `Team sync - ${ddMMyyyy(lastWeek)}` }).waitFor();
    await link.click();
    await page.waitForURL(`**/app/meetings/${copyId}`);
    await previous.waitFor({ state: 'detached' });
    await copyActions.getByRole('checkbox', { name: 'Chase the #vendor' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a shared user tick an action on the read-only page', async () => {
    const owner = await openPage(browser);
    const guestEmail = uniqueEmail('ticker');
    await signInThroughUi(owner.page, uniqueEmail('sharer'));
    const meeting = await createMeeting(owner.page, 'Shared actions', {
      actions: ['Review the #contract'],
    });
    await api(owner.page, 'PUT', `/meetings/${meeting.id}/add-shared-user`, { email: guestEmail });

    const guest = await openPage(browser);
    await signInThroughUi(guest.page, guestEmail);
    await guest.page.getByText('Shared actions').click();
    await guest.page.getByRole('heading', { level: 1, name: 'Shared actions' }).waitFor();
    expect(await guest.page.getByRole('textbox').count()).toBe(0);
    const box = guest.page.getByRole('checkbox', { name: 'Review the #contract' });
    const ticked = saved(guest.page, '/update-action-item/');
    await box.check();
    await ticked;
    await guest.page.reload();
    expect(await box.isChecked()).toBe(true);
    expect((await getMeeting(owner.page, meeting.id)).actions[0]?.completed).toBe(true);
    expect(guest.errors).toEqual([]);
    await owner.context.close();
    await guest.context.close();
  });

  it('asks for the meeting beside the page code; shows the notes read-only until the editor is there, where the editor shows them', async () => {
    const { page, context, errors } = await openPage(browser);
    await signInThroughUi(page, uniqueEmail('notes-first'));
    const meeting = await createMeeting(page, 'Notes first');
    await api(page, 'PUT', `/meetings/${meeting.id}/update-notes`, {
      notes:
        '<p>Agreed the <strong>plan</strong></p><p>Then the budget</p><img src=x onerror="alert(1)">',
    });
    // Held until released: the meeting page's own chunk (it renders the preview) and the
    // editor's (Quill's class names), told apart by what they contain.
    const gates = { page: gate(), editor: gate() };
    await page.route('**/remotes/mfe-meetings/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('notes-preview')) await gates.page.promise;
      else if (body.includes('ql-editor')) await gates.editor.promise;
      await route.fulfill({ response, body });
    });
    const meetingRequest = page.waitForRequest(
      (request) => new URL(request.url()).pathname === `/api/meetings/${meeting.id}`,
    );
    await page.goto(`/app/meetings/${meeting.id}`, { waitUntil: 'commit' });
    // The meeting is asked for while the page's code is still held.
    await meetingRequest;
    gates.page.resolve();

    const preview = page.getByTestId('notes-preview');
    await preview.getByText('Agreed the plan').waitFor();
    expect(await preview.getAttribute('aria-busy')).toBe('true');
    expect(await preview.locator('strong').textContent()).toBe('plan');
    expect(await preview.locator('[onerror]').count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Meeting notes' }).count()).toBe(0);
    const previewLines = await paragraphBoxes(preview);

    gates.editor.resolve();
    const editor = page.getByRole('textbox', { name: 'Meeting notes' });
    await editor.getByText('Agreed the plan').waitFor();
    expect(await preview.count()).toBe(0);
    // The text does not move when the editor takes the preview's place. Measured once the live
    // notes hold the editor: binding them puts its text in again, new paragraphs.
    await page.locator('[data-testid="notes-editor"][data-live="true"]').waitFor();
    const editorLines = await paragraphBoxes(editor);
    expect(editorLines).toHaveLength(2);
    editorLines.forEach((line, i) => {
      expect(Math.abs(line.x - previewLines[i]!.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(line.y - previewLines[i]!.y)).toBeLessThanOrEqual(1);
      expect(Math.abs(line.height - previewLines[i]!.height)).toBeLessThanOrEqual(0.5);
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a meeting from its address: editable for the owner, read-only for a reader, refused to others', async () => {
    const { page, context, errors } = await openPage(browser);
    await signInThroughUi(page, uniqueEmail('deep-link'));
    const meeting = await createMeeting(page, 'Deep <b>link</b>', {
      agenda: ['Budget first'],
      actions: ['Ship it #release'],
    });
    await api(page, 'PUT', `/meetings/${meeting.id}/update-notes`, {
      notes: '<p>Agreed the <strong>plan</strong></p><img src=x onerror="alert(1)">',
    });
    const reader = uniqueEmail('deep-link-reader');
    await api(page, 'PUT', `/meetings/${meeting.id}/add-shared-user`, { email: reader });

    const fresh = await context.newPage();
    const response = await fresh.goto(`/app/meetings/${meeting.id}`);
    // The shell's page is the same for everyone: no meeting is ever in the HTML.
    expect(response!.headers()['cache-control']).toBe('no-cache');
    expect(await response!.text()).not.toContain('Deep');
    await fresh
      .getByRole('textbox', { name: 'Meeting notes' })
      .getByText('Agreed the plan')
      .waitFor();
    expect(await fresh.getByRole('textbox', { name: 'Meeting title' }).inputValue()).toBe(
      'Deep <b>link</b>',
    );
    expect(await fresh.getByRole('list', { name: 'Agenda' }).textContent()).toContain(
      'Budget first',
    );
    await fresh.close();

    const stranger = await openPage(browser);
    await signInThroughUi(stranger.page, uniqueEmail('deep-link-stranger'));
    await stranger.page.goto(`/app/meetings/${meeting.id}`);
    await stranger.page.getByText("You don't have permission to view this meeting").waitFor();
    await stranger.context.close();

    const shared = await openPage(browser);
    await signInThroughUi(shared.page, reader);
    await shared.page.goto(`/app/meetings/${meeting.id}`);
    const notes = shared.page.getByTestId('notes-view');
    await notes.getByText('Agreed the plan').waitFor();
    expect(await notes.innerHTML()).toBe('<p>Agreed the <strong>plan</strong></p>');
    expect(
      await shared.page.getByRole('heading', { level: 1, name: 'Deep <b>link</b>' }).count(),
    ).toBe(1);
    expect(await shared.page.locator('[data-hashtag="release"]').textContent()).toBe('#release');
    expect(shared.errors).toEqual([]);
    await shared.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a note that tries to run script opens no dialog, in the editor or read-only', async () => {
    const { page, context, errors } = await openPage(browser);
    await signInThroughUi(page, uniqueEmail('xss'));
    const meeting = await createMeeting(page, 'Hostile notes');
    const payload = [
      '<p>Safe <strong>bold</strong> <a href="https://example.org">link</a></p>',
      '<img src=x onerror="alert(1)">',
      '<script>alert(2)</script>',
      '<p><a href="javascript:alert(3)">click me</a></p>',
      '<svg onload="alert(4)"></svg>',
      '<iframe src="javascript:alert(5)"></iframe>',
      '<p onmouseover="alert(6)">hover me</p>',
      '<p style="background:url(javascript:alert(8))">styled</p>',
      // Unclosed: it swallows what follows, so it comes last.
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(7)>',
    ].join('');
    await api(page, 'PUT', `/meetings/${meeting.id}/update-notes`, { notes: payload });

    await page.goto(`/app/meetings/${meeting.id}`);
    const editor = page.getByRole('textbox', { name: 'Meeting notes' });
    await editor.getByText('hover me').hover();
    await editor.getByRole('link', { name: 'link' }).waitFor();

    await page.goto(`/app/meetings/${meeting.id}/readonly`);
    const notes = page.getByTestId('notes-view');
    await notes.getByText('hover me').hover();
    await notes.getByText('click me').click();
    await notes.getByText('styled').hover();
    expect(await notes.locator('script, iframe, svg, [onerror], [onmouseover]').count()).toBe(0);
    expect(await notes.getByRole('link', { name: 'link' }).getAttribute('rel')).toContain(
      'noopener',
    );
    await page.waitForTimeout(500);
    expect(errors.filter((error) => error.startsWith('dialog'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
