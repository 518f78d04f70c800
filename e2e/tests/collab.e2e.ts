import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, uniqueEmail, type TrackedPage } from '../support/browser.js';
import { signInThroughUi } from '../support/journeys.js';
import { api, createMeeting, getMeeting, type ApiMeeting } from '../support/meetings.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const notesOf = (page: Page) => page.getByRole('textbox', { name: 'Meeting notes' });

/** The owner's meeting with these notes, shared with one more person in `role`. */
async function sharedMeeting(
  notes: string,
  role: 'editor' | 'viewer',
): Promise<{
  owner: TrackedPage;
  other: TrackedPage;
  ownerEmail: string;
  otherEmail: string;
  meeting: ApiMeeting;
}> {
  const owner = await openPage(browser);
  const ownerEmail = uniqueEmail('live-owner');
  const otherEmail = uniqueEmail(`live-${role}`);
  await signInThroughUi(owner.page, ownerEmail);
  const meeting = await createMeeting(owner.page, 'Planning together');
  await api(owner.page, 'PUT', `/meetings/${meeting.id}/update-notes`, { notes });
  await api(owner.page, 'PUT', `/meetings/${meeting.id}/add-shared-user`, {
    email: otherEmail,
    role,
  });
  const other = await openPage(browser);
  await signInThroughUi(other.page, otherEmail);
  await owner.page.goto(`/app/meetings/${meeting.id}`);
  await other.page.goto(`/app/meetings/${meeting.id}`);
  return { owner, other, ownerEmail, otherEmail, meeting: { ...meeting, notes } };
}

/** Waits until the page shows `email` among the people in the notes: both are in the room. */
async function sees(page: Page, email: string): Promise<void> {
  await page
    .getByRole('list', { name: 'Also here' })
    .getByRole('listitem', { name: email })
    .waitFor({ timeout: 15_000 });
}

async function typeAt(page: Page, where: 'start' | 'end', text: string): Promise<void> {
  const editor = notesOf(page);
  await editor.click();
  await page.keyboard.press(where === 'start' ? 'Control+Home' : 'Control+End');
  await page.keyboard.type(text, { delay: 15 });
}

describe('notes edited together', () => {
  it('two people typing in the same paragraph at once both keep their text, seen live and after a reload', async () => {
    const { owner, other, ownerEmail, otherEmail, meeting } = await sharedMeeting(
      '<p>Agreed</p>',
      'editor',
    );
    await sees(other.page, ownerEmail);
    await sees(owner.page, otherEmail);

    await Promise.all([typeAt(owner.page, 'end', ' alpha'), typeAt(other.page, 'start', 'beta ')]);
    const merged = 'beta Agreed alpha';
    for (const page of [owner.page, other.page])
      await expect.poll(() => notesOf(page).innerText(), { timeout: 10_000 }).toBe(merged);
    // No HTTP saves while live: the server stores the room.
    await expect
      .poll(async () => (await getMeeting(owner.page, meeting.id)).notes, { timeout: 20_000 })
      .toBe(`<p>${merged}</p>`);

    for (const page of [owner.page, other.page]) {
      await page.reload();
      await expect.poll(() => notesOf(page).innerText(), { timeout: 15_000 }).toBe(merged);
    }
    for (const tracked of [owner, other]) expect(tracked.crashes).toEqual([]);
  });

  it('a person who loses the connection keeps typing, and it merges when they are back', async () => {
    const { owner, other, otherEmail, meeting } = await sharedMeeting('<p>Agenda</p>', 'editor');
    await sees(owner.page, otherEmail);
    await other.context.setOffline(true);
    await typeAt(other.page, 'end', ' offline words');
    await typeAt(owner.page, 'start', 'Online ');
    await other.context.setOffline(false);
    const merged = 'Online Agenda offline words';
    for (const page of [owner.page, other.page])
      await expect.poll(() => notesOf(page).innerText(), { timeout: 30_000 }).toBe(merged);
    await expect
      .poll(async () => (await getMeeting(owner.page, meeting.id)).notes, { timeout: 20_000 })
      .toBe(`<p>${merged}</p>`);
  });

  it('a viewer sees the notes arrive while the owner types, and cannot type in them', async () => {
    const { owner, other } = await sharedMeeting('<p>Minutes</p>', 'viewer');
    const view = other.page.getByTestId('notes-view');
    await view.getByText('Minutes').waitFor();
    expect(await notesOf(other.page).count()).toBe(0);
    await owner.page.locator('[data-testid="notes-editor"][data-live="true"]').waitFor();
    await typeAt(owner.page, 'end', ' for the viewer');
    // The room is stored within seconds of the pause, and the viewer's page re-reads it (0013).
    await view.getByText('Minutes for the viewer').waitFor({ timeout: 20_000 });
    expect(await notesOf(other.page).count()).toBe(0);
    for (const tracked of [owner, other]) expect(tracked.crashes).toEqual([]);
  });
  it('keeps what was typed before the live notes answered, and during the move, and saves it', async () => {
    const { page, context, errors } = await openPage(browser);
    await signInThroughUi(page, uniqueEmail('live-late'));
    const meeting = await createMeeting(page, 'Typed early');
    // The room answers late (a slow connection): what the person types meanwhile goes over HTTP,
    // then the editor moves into the room.
    const held: (() => void)[] = [];
    let holding = true;
    await page.routeWebSocket(/\/collab$/, (socket) => {
      const server = socket.connectToServer();
      server.onMessage((message) => {
        if (holding) held.push(() => socket.send(message));
        else socket.send(message);
      });
    });
    // The save that takes it there is slow too: the person goes on typing during it.
    const heldSaves: Route[] = [];
    await page.route('**/update-notes', (route) => {
      if (heldSaves.length === 0) heldSaves.push(route);
      else void route.continue();
    });
    await page.goto(`/app/meetings/${meeting.id}`);
    await page.locator('.ql-editor[contenteditable="true"]').waitFor();
    await notesOf(page).click();
    await page.keyboard.type('We agreed the scope.', { delay: 50 });
    holding = false;
    for (const send of held.splice(0)) send();
    await expect.poll(() => heldSaves.length).toBe(1);
    await page.keyboard.type(' Dates next.', { delay: 50 });
    await heldSaves[0]!.continue();
    await page.locator('[data-testid="notes-editor"][data-live="true"]').waitFor();
    await page.getByRole('textbox', { name: 'Add agenda item...' }).click();
    await expect
      .poll(async () => (await getMeeting(page, meeting.id)).notes)
      .toBe('<p>We agreed the scope. Dates next.</p>');
    await expect
      .poll(async () => (await notesOf(page).textContent())?.trim())
      .toBe('We agreed the scope. Dates next.');
    await page.getByText('Saved', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
