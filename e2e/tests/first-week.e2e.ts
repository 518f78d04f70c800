import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, uniqueEmail } from '../support/browser.js';
import { signInThroughUi } from '../support/journeys.js';
import { createMeeting, dayOffset } from '../support/meetings.js';

// Issue 35: the place in the list and the state of the notes are kept where the user works.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const rows = (page: Page) => page.locator('main a[href^="/app/meetings/"]');
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

describe('a first week without surprises', () => {
  it('back from a meeting keeps the search, the loaded pages and the scroll position', async () => {
    const { page, context, errors } = await openPage(browser);
    await signInThroughUi(page, uniqueEmail('back-keeps-place'));
    // More than a page (25) of matches, and one that does not match.
    for (let day = 1; day <= 27; day += 1)
      await createMeeting(page, `Weekly status ${day}`, { date: dayOffset(-day) });
    await createMeeting(page, 'Budget', { date: dayOffset(-1) });

    await page.goto('/app/meetings');
    await page.getByRole('searchbox', { name: 'Search meetings' }).fill('status');
    // The unfiltered list goes, then the search's first page comes.
    await page.getByText('Budget', { exact: true }).waitFor({ state: 'detached' });
    await page.getByText('Weekly status 1', { exact: true }).waitFor();
    // Scrolled to the end until the second page has come in (the rows render in slices).
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          return rows(page).count();
        },
        { timeout: 15_000 },
      )
      .toBe(27);
    await page.getByText('Weekly status 27', { exact: true }).waitFor();
    await page.getByText('No more meetings to load.').waitFor();
    expect(await rows(page).count()).toBe(27);

    const target = page.getByRole('link', { name: /Weekly status 20\b/ });
    await target.scrollIntoViewIfNeeded();
    const where = await scrollY(page);
    expect(where).toBeGreaterThan(300);

    for (const goBack of [
      () => page.goBack(),
      () => page.getByRole('link', { name: 'Back to meetings' }).click(),
    ]) {
      await target.click();
      await page.waitForURL(/\/app\/meetings\/[0-9a-f-]{36}$/);
      await page.getByRole('textbox', { name: 'Meeting title' }).waitFor();
      await goBack();
      await page.waitForURL(/\/app\/meetings$/);
      await page.getByText('Weekly status 27', { exact: true }).waitFor();
      expect(await page.getByRole('searchbox', { name: 'Search meetings' }).inputValue()).toBe(
        'status',
      );
      expect(await rows(page).count()).toBe(27);
      await expect.poll(() => scrollY(page), { timeout: 10_000 }).toBeGreaterThan(where - 5);
      expect(Math.abs((await scrollY(page)) - where)).toBeLessThanOrEqual(5);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('notes say Saving… then Saved, and the actions stay in view beside an empty editor', async () => {
    const { page, context, errors } = await openPage(browser, { width: 1280, height: 800 });
    await signInThroughUi(page, uniqueEmail('notes-state'));
    const meeting = await createMeeting(page, 'Status notes', { agenda: ['Risks', 'AOB'] });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/meetings/*/update-notes', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/app/meetings/${meeting.id}`);
    const editor = page.getByRole('textbox', { name: 'Meeting notes' });
    await editor.waitFor();

    // Beside the notes, not below an empty 400 px editor.
    const actions = await page.getByRole('region', { name: 'Actions' }).boundingBox();
    expect(actions!.y).toBeLessThan(800);

    const status = page.getByRole('region', { name: 'Notes' }).getByRole('status');
    expect(await status.getAttribute('aria-live')).toBe('polite');
    await editor.click();
    await page.keyboard.type('Agreed the plan');
    // Leaving the editor saves at once.
    await page.getByRole('textbox', { name: 'Add agenda item...' }).click();
    await status.getByText('Saving…').waitFor();
    release();
    await status.getByText('Saved').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
