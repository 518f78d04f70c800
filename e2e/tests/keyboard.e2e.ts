import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginCode, mailCount, openPage, uniqueEmail } from '../support/browser.js';
import { focused, focusIndicator, listTexts, tabTo } from '../support/keyboard.js';
import { api, createMeeting, getMeeting, storedAgenda } from '../support/meetings.js';

// From sign-in to ticking an action on the actions page with the keyboard alone (no
// click, no tap; addresses are typed in the address bar, as a keyboard user would).

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const hashtagsKnown = (page: Page, fragment: string) =>
  api<{ hashtags: string[] }>(page, 'GET', `/actions/hashtags?q=${fragment}&limit=10`).then(
    (answer) => answer.hashtags,
  );

/** The text dnd-kit's live region holds for screen readers. */
const announced = (page: Page) =>
  page.evaluate(() => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '');

async function expectVisibleFocus(page: Page, name: string) {
  expect(await focused(page)).toBe(name);
  expect(await focusIndicator(page), `focus on ${name} shows`).not.toBe('none');
}

/** Tabs from wherever the focus is to the button `name` and presses Enter. */
async function press(page: Page, name: string) {
  await tabTo(page, name);
  await expectVisibleFocus(page, name);
  await page.keyboard.press('Enter');
}

describe('keyboard only', () => {
  it('signs in, creates a meeting, reorders its agenda, adds a tagged action and ticks it, never touching the mouse', async () => {
    const { page, context, errors } = await openPage(browser, { width: 1280, height: 900 });
    const product = (await (await page.request.get('/branding.json')).json()) as {
      productName: string;
    };
    const title = (page_: string) => `${page_} – ${product.productName}`;
    const email = uniqueEmail('keyboard-only');

    // Sign-in: the e-mail box and the first code box take the focus; Enter sends each.
    await page.goto('/login');
    await expect.poll(() => page.title()).toBe(title('Sign in'));
    await expect.poll(() => focused(page)).toBe('');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe(
      'email',
    );
    const before = await mailCount(email);
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/verify');
    await expect.poll(() => focused(page)).toBe('Digit 1 of 6');
    await expect.poll(() => page.title()).toBe(title('Enter your login code'));
    await page.keyboard.type(await loginCode(email, before));
    expect(await focused(page)).toBe('Digit 6 of 6');
    await page.keyboard.press('Enter');

    // Onboarding: the privacy statement and the trial, each by Tab and Enter.
    await page.getByRole('button', { name: 'I Accept' }).waitFor();
    await expect.poll(() => page.title()).toBe(title('Privacy Statement'));
    await press(page, 'I Accept');
    await page.getByRole('button', { name: 'Get Started Now' }).waitFor();
    await press(page, 'Get Started Now');
    await page.waitForURL(/\/app\/meetings$/);
    await expect.poll(() => page.title()).toBe(title('Meetings'));

    // A hashtag in use elsewhere, for the suggestions later (the index learns it from an event).
    await createMeeting(page, 'Last week', { actions: ['Ship the #release notes'] });
    await expect.poll(() => hashtagsKnown(page, 'rel'), { timeout: 15_000 }).toEqual(['release']);

    // The New Meeting dialog takes the focus, gives it back to its opener when closed.
    await page.reload();
    await expect.poll(() => focused(page)).toBe('Search meetings');
    expect(await focusIndicator(page)).not.toBe('none');
    await tabTo(page, 'New Meeting', { back: true, max: 5 });
    await expectVisibleFocus(page, 'New Meeting');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))))
      .toBe(true);
    expect(await focusIndicator(page)).not.toBe('none');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectVisibleFocus(page, 'New Meeting');

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.type('Weekly sync');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/app\/meetings\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').at(-1)!;
    await expect.poll(() => page.title()).toBe(title('Weekly sync'));

    // Agenda items from the add box, which keeps the focus.
    await expect.poll(() => focused(page), { timeout: 10_000 }).toBe('Add agenda item...');
    for (const text of ['Welcome', 'Risks', 'AOB']) {
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
    }
    await expect
      .poll(() => listTexts(page, 'Agenda'), { timeout: 10_000 })
      .toEqual(['Welcome', 'Risks', 'AOB']);
    await expect
      .poll(async () => (await getMeeting(page, id)).agenda.length, { timeout: 10_000 })
      .toBe(3);

    // Welcome moves one down: Space picks it up, ArrowDown moves it, Space drops it; each step
    // is read out.
    await tabTo(page, 'Drag to reorder: Welcome', { back: true });
    await expectVisibleFocus(page, 'Drag to reorder: Welcome');
    await page.keyboard.press('Space');
    await expect
      .poll(() => announced(page))
      .toBe('Picked up agenda item Welcome. Position 1 of 3.');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => announced(page)).toBe('Agenda item Welcome moved to position 2 of 3.');
    await page.keyboard.press('Space');
    await expect
      .poll(() => announced(page))
      .toBe('Agenda item Welcome dropped at position 2 of 3.');
    await expect
      .poll(() => listTexts(page, 'Agenda'), { timeout: 10_000 })
      .toEqual(['Risks', 'Welcome', 'AOB']);
    await expect
      .poll(() => storedAgenda(page, id), { timeout: 10_000 })
      .toEqual(['Risks', 'Welcome', 'AOB']);

    // Opened again from the address bar the order holds; the first Tab reaches the skip link,
    // which leads to the page's main content.
    const meetingUrl = page.url();
    await page.goto('about:blank');
    await page.goto(meetingUrl);
    await page.getByRole('list', { name: 'Agenda' }).getByText('AOB').waitFor();
    expect(await listTexts(page, 'Agenda')).toEqual(['Risks', 'Welcome', 'AOB']);
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page, 'Skip to main content');
    const skip = await page.evaluate(() => document.activeElement!.getBoundingClientRect().top);
    expect(skip).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => Boolean(document.activeElement?.closest('main#main-content'))),
    ).toBe(true);

    // An action with a hashtag picked from the suggestions by arrow and Enter.
    await tabTo(page, 'Add action item...', { max: 60 });
    await page.keyboard.type('Book the #rel');
    const suggestions = page.getByRole('listbox', { name: 'Hashtags' });
    await suggestions.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await suggestions.waitFor({ state: 'detached' });
    await page.keyboard.type('room');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await getMeeting(page, id)).actions.map((a) => [a.text, a.hashtags]), {
        timeout: 10_000,
      })
      .toEqual([['Book the #release room', ['release']]]);

    // To the actions page through the main navigation; the action is ticked with Space.
    await page.goto('about:blank');
    await page.goto(meetingUrl);
    await page.getByRole('list', { name: 'Agenda' }).getByText('AOB').waitFor();
    await tabTo(page, 'Actions', { max: 12 });
    await expectVisibleFocus(page, 'Actions');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/app\/actions/);
    await expect.poll(() => page.title()).toBe(title('Actions'));
    await page.getByRole('checkbox', { name: 'Book the #release room' }).waitFor();
    await tabTo(page, 'Book the #release room', { max: 30 });
    await expectVisibleFocus(page, 'Book the #release room');
    await page.keyboard.press('Space');
    await expect
      .poll(async () => (await getMeeting(page, id)).actions[0]?.completed, { timeout: 10_000 })
      .toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });
});
