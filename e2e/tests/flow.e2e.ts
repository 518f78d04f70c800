import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, uniqueEmail } from '../support/browser.js';
import { signInThroughUi } from '../support/journeys.js';
import { focused, listTexts, tabTo } from '../support/keyboard.js';
import { api, createMeeting, getMeeting, type ApiMeeting } from '../support/meetings.js';

// A tap never deletes by surprise, the focus stays where the user works, and hashtags are
// suggested where they are written.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

interface OwedAction {
  id: string;
  text: string;
  completed: boolean;
  order: number;
  hashtags: string[];
  assignee: string | null;
  dueDate: string | null;
}

const hashtagsKnown = (page: Page, fragment: string) =>
  api<{ hashtags: string[] }>(page, 'GET', `/actions/hashtags?q=${fragment}&limit=10`).then(
    (answer) => answer.hashtags,
  );

describe('a first week: deleting, focus and suggestions', () => {
  it('on a 390 px touch screen delete is a visible control, a tap at the end of a row deletes nothing, and Undo puts an item back where it was', async () => {
    const { page, context, errors } = await openPage(browser, {
      width: 390,
      height: 844,
      touch: true,
    });
    await signInThroughUi(page, uniqueEmail('tap-undo'));
    expect(await page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);
    const created = await createMeeting(page, 'Phone status', {
      agenda: ['Welcome', 'Risks', 'AOB'],
      actions: ['Book room', 'Ship the #release notes', 'Send minutes'],
    });
    const id = created.id;
    await api(page, 'PUT', `/meetings/${id}/update-agenda-item/${created.agenda[1]!.id}`, {
      completed: true,
    });
    await api(page, 'PUT', `/meetings/${id}/update-action-item/${created.actions[1]!.id}`, {
      completed: true,
      assignee: 'ada@example.com',
      dueDate: '2030-03-01',
    });
    const before = await getMeeting(page, id);
    await page.goto(`/app/meetings/${id}`);
    const agenda = page.getByRole('list', { name: 'Agenda' });
    await agenda.getByText('AOB').waitFor();

    // Visible controls with names; no delete button hidden at the end of a row.
    for (const name of ['Agenda item options: AOB', 'Action item options: Send minutes']) {
      const control = page.getByRole('button', { name });
      expect(await control.isVisible()).toBe(true);
      expect(await control.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    }
    expect(await page.getByRole('button', { name: 'Delete agenda item' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete action item' }).count()).toBe(0);

    // Taps at the very end of the AOB row (at most its menu opens) delete nothing.
    const row = agenda.getByRole('listitem').filter({ hasText: 'AOB' });
    const box = (await row.boundingBox())!;
    const menu = page.getByRole('menu');
    for (const inset of [2, 8, 16]) {
      await page.touchscreen.tap(box.x + box.width - inset, box.y + box.height / 2);
      await page.waitForTimeout(300);
      if (await menu.isVisible()) {
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached' });
      }
    }
    expect(await listTexts(page, 'Agenda')).toEqual(['Welcome', 'Risks', 'AOB']);
    expect((await getMeeting(page, id)).agenda).toHaveLength(3);

    // Delete the ticked "Risks" from its menu, then Undo from the toast.
    await page.getByRole('button', { name: 'Agenda item options: Risks' }).tap();
    await page.getByRole('menuitem', { name: 'Delete agenda item' }).tap();
    await page.getByText('Agenda item deleted').waitFor();
    expect(await listTexts(page, 'Agenda')).toEqual(['Welcome', 'AOB']);
    expect((await getMeeting(page, id)).agenda).toHaveLength(2);
    await page.getByRole('button', { name: 'Undo' }).tap();
    await expect
      .poll(() => listTexts(page, 'Agenda'), { timeout: 10_000 })
      .toEqual(['Welcome', 'Risks', 'AOB']);

    // The same for the ticked action with its assignee, due date and hashtag.
    await page.getByRole('button', { name: 'Action item options: Ship the #release notes' }).tap();
    await page.getByRole('menuitem', { name: 'Delete action item' }).tap();
    await page.getByText('Action item deleted').waitFor();
    await expect
      .poll(async () => (await getMeeting(page, id)).actions.length, { timeout: 10_000 })
      .toBe(2);
    await page.getByRole('button', { name: 'Undo' }).tap();
    await expect
      .poll(async () => (await getMeeting(page, id)).actions.length, { timeout: 10_000 })
      .toBe(3);

    // Both survive a reload, as they were and where they were.
    await page.reload();
    await page.getByRole('list', { name: 'Agenda' }).getByText('AOB').waitFor();
    expect(await listTexts(page, 'Agenda')).toEqual(['Welcome', 'Risks', 'AOB']);
    expect(await page.getByRole('checkbox', { name: 'Risks' }).isChecked()).toBe(true);
    const actionTexts = await listTexts(page, 'Actions');
    expect(actionTexts).toHaveLength(3);
    expect(actionTexts[0]).toContain('Book room');
    expect(actionTexts[1]).toContain('Ship the #release notes');
    expect(actionTexts[2]).toContain('Send minutes');

    const after = await getMeeting(page, id);
    const summary = (meeting: ApiMeeting) => ({
      agenda: meeting.agenda.map(({ text, completed, order }) => ({ text, completed, order })),
      actions: (meeting.actions as OwedAction[]).map(
        ({ text, completed, order, hashtags, assignee, dueDate }) => ({
          text,
          completed,
          order,
          hashtags,
          assignee,
          dueDate,
        }),
      ),
    });
    expect(summary(after)).toEqual(summary(before));
    expect(summary(after).actions[1]).toEqual({
      text: 'Ship the #release notes',
      completed: true,
      order: 2,
      hashtags: ['release'],
      assignee: 'ada@example.com',
      dueDate: '2030-03-01',
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keyboard only: a new meeting opens in its agenda box, Enter keeps the focus in the agenda, share and action boxes, Esc leaves the notes', async () => {
    const { page, context, errors } = await openPage(browser, { width: 1280, height: 900 });
    await signInThroughUi(page, uniqueEmail('keyboard-flow'));
    await page.getByRole('button', { name: 'New Meeting' }).waitFor();
    await expect.poll(() => focused(page)).toBe('Search meetings');

    // From here on the keyboard alone (the list opens in its search box, New Meeting is before it).
    await tabTo(page, 'New Meeting', { back: true, max: 5 });
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.type('Weekly status');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/app\/meetings\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').at(-1)!;
    await expect.poll(() => focused(page), { timeout: 10_000 }).toBe('Add agenda item...');

    await page.keyboard.type('Welcome');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Risks');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => listTexts(page, 'Agenda'), { timeout: 10_000 })
      .toEqual(['Welcome', 'Risks']);
    expect(await focused(page)).toBe('Add agenda item...');

    await tabTo(page, 'Email to share with', { back: true });
    await page.keyboard.type('ann@example.com');
    await page.keyboard.press('Enter');
    await page.getByText('ann@example.com', { exact: true }).waitFor();
    expect(await focused(page)).toBe('Email to share with');
    await page.keyboard.type('bob@example.com');
    await page.keyboard.press('Enter');
    await page.getByText('bob@example.com', { exact: true }).waitFor();
    expect(await focused(page)).toBe('Email to share with');

    // Into the notes; Tab indents there, Escape leaves for the next control.
    await page.getByRole('textbox', { name: 'Meeting notes' }).waitFor();
    await tabTo(page, 'Meeting notes');
    await page.keyboard.type('Decided to ship');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Meeting notes');
    await page.keyboard.press('Escape');
    expect(await focused(page)).not.toBe('Meeting notes');
    const steps = await tabTo(page, 'Add action item...', { max: 6 });
    expect(steps).toBeLessThanOrEqual(5);

    await page.keyboard.type('Send minutes');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Book room');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await getMeeting(page, id)).actions.map((action) => action.text), {
        timeout: 10_000,
      })
      .toEqual(['Send minutes', 'Book room']);
    expect(await focused(page)).toBe('Add action item...');

    const saved = await getMeeting(page, id);
    expect(saved.agenda.map((item) => item.text)).toEqual(['Welcome', 'Risks']);
    expect(saved.sharedWith).toEqual(['ann@example.com', 'bob@example.com']);
    await expect
      .poll(async () => (await getMeeting(page, id)).notes, { timeout: 10_000 })
      .toContain('Decided to ship');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('typing #rel in an action suggests release; arrows and Enter or a click complete it, when adding and when editing', async () => {
    const { page, context, errors } = await openPage(browser, { width: 1280, height: 900 });
    await signInThroughUi(page, uniqueEmail('hashtag-suggest'));
    await createMeeting(page, 'Last week', { actions: ['Ship the #release notes'] });
    // The actions index learns the hashtag from the meeting's event.
    await expect.poll(() => hashtagsKnown(page, 'rel'), { timeout: 15_000 }).toEqual(['release']);
    const { id } = await createMeeting(page, 'This week');
    await page.goto(`/app/meetings/${id}`);

    const add = page.getByRole('textbox', { name: 'Add action item...' });
    await add.click();
    await add.pressSequentially('Tag the #rel');
    const suggestions = page.getByRole('listbox', { name: 'Hashtags' });
    await suggestions.waitFor();
    expect(await suggestions.getByRole('option').allTextContents()).toEqual(['#release']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await add.inputValue()).toBe('Tag the #release ');
    await suggestions.waitFor({ state: 'detached' });
    await page.keyboard.type('build');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await getMeeting(page, id)).actions.map((a) => [a.text, a.hashtags]), {
        timeout: 10_000,
      })
      .toEqual([['Tag the #release build', ['release']]]);

    // Editing the action: a click on the suggestion completes it.
    await page.getByRole('list', { name: 'Actions' }).getByText('Tag the').click();
    const edit = page.getByRole('textbox', { name: 'Edit action item' });
    await edit.press('End');
    await edit.pressSequentially(' and #re');
    await page.getByRole('option', { name: '#release' }).click();
    expect(await edit.inputValue()).toBe('Tag the #release build and #release ');
    await edit.press('Enter');
    await expect
      .poll(async () => (await getMeeting(page, id)).actions[0]!.text, { timeout: 10_000 })
      .toBe('Tag the #release build and #release');
    expect(errors).toEqual([]);
    await context.close();
  });
});
