import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, mailWith, openPage, uniqueEmail } from '../support/browser.js';
import { signInFromRedirect, signInThroughUi } from '../support/journeys.js';
import {
  api,
  createMeeting,
  dayOffset,
  getMeeting,
  unexpected,
  withoutLiveNotes,
} from '../support/meetings.js';

// A first week without surprises: what the user changed is kept, invited people hear of it, the
// place in the list and the state of the notes are kept, one date format, empty lists say what they
// mean, and moving between pages stays quick.

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

  it('notes saved over HTTP say Saving… then Saved, and the actions stay in view beside an empty editor', async () => {
    const { page, context, errors } = await openPage(browser, { width: 1280, height: 800 });
    await withoutLiveNotes(page);
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

  // Two people sign in: on a loaded machine that alone can take most of a minute.
  it(
    'notes cleared by selecting all and deleting are saved empty, live and over HTTP',
    { timeout: 150_000 },
    async () => {
      const owner = await openPage(browser, { width: 1280, height: 900 });
      const guestEmail = uniqueEmail('cleared-notes-guest');
      await signInThroughUi(owner.page, uniqueEmail('cleared-notes'));
      const guest = await openPage(browser, { width: 1280, height: 900 });
      await signInThroughUi(guest.page, guestEmail);

      for (const live of [true, false]) {
        const page = await owner.context.newPage();
        if (!live) await withoutLiveNotes(page);
        const { id } = await createMeeting(page, `Cleared notes, ${live ? 'live' : 'HTTP'}`, {
          agenda: ['Risks'],
        });
        await api(page, 'PUT', `/meetings/${id}/update-notes`, {
          notes: '<p>Old plan</p><p>Second line</p>',
        });
        await api(page, 'PUT', `/meetings/${id}/add-shared-user`, { email: guestEmail });
        await page.goto(`/app/meetings/${id}`);
        const editor = page.getByRole('textbox', { name: 'Meeting notes' });
        await editor.getByText('Second line').waitFor();
        // The editor takes typing once it has the notes (live: once the room has answered; until
        // then it may still hand the notes over to the room).
        if (live) await page.locator('[data-testid="notes-editor"][data-live="true"]').waitFor();
        await page.locator('.ql-editor[contenteditable="true"]').waitFor();
        await editor.click();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.press('Delete');
        expect((await editor.textContent())?.trim()).toBe('');
        // Leaving the notes saves at once (over HTTP; the live document is stored as it changes).
        await page.getByRole('textbox', { name: 'Add agenda item...' }).click();
        await expect
          .poll(async () => (await getMeeting(page, id)).notes, { timeout: 15_000 })
          .not.toContain('Old plan');

        // After a reload, and for a colleague, the notes stay empty (the agenda comes with them).
        for (const reader of [page, guest.page]) {
          await reader.goto(`/app/meetings/${id}`);
          await reader.getByRole('region', { name: 'Agenda' }).getByText('Risks').waitFor();
          await reader.waitForTimeout(1_500);
          expect(await reader.getByText('Old plan').count()).toBe(0);
        }
        await page.close();
      }
      expect(owner.errors).toEqual([]);
      expect(guest.errors).toEqual([]);
      await owner.context.close();
      await guest.context.close();
    },
  );

  it('a date outside 1970-2100 is refused where it is typed and by the server, changing nothing', async () => {
    const { page, context, errors } = await openPage(browser, { width: 1280, height: 900 });
    await signInThroughUi(page, uniqueEmail('date-range'));
    const meeting = await createMeeting(page, 'Dated', { date: dayOffset(3) });
    await page.goto(`/app/meetings/${meeting.id}`);
    const date = page.getByLabel('Date');
    await date.waitFor();
    const updates: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/update-info')) updates.push(request.postData() ?? '');
    });

    // "26" typed in the year: the field says what is wrong and nothing is sent.
    await date.fill('0026-03-05');
    await page.getByText('The meeting date must be a real date between 1970 and 2100.').waitFor();
    expect(await date.getAttribute('aria-invalid')).toBe('true');
    await page.waitForTimeout(1_000);
    expect(updates).toEqual([]);
    expect((await getMeeting(page, meeting.id)).date).toBe(meeting.date);

    // The server refuses it too, with the same words, and keeps the meeting as it was.
    const refused = await page.request.put(`/api/meetings/${meeting.id}/update-info`, {
      data: { date: '0026-03-05T10:00:00.000Z' },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: 'The meeting date must be a real date between 1970 and 2100.',
    });
    expect((await getMeeting(page, meeting.id)).date).toBe(meeting.date);

    // A valid date clears the error and is saved.
    await date.fill('2030-06-14');
    await page.getByText('Date and time updated successfully').waitFor();
    expect(await date.getAttribute('aria-invalid')).toBe('false');
    expect(
      await page.getByText('The meeting date must be a real date between 1970 and 2100.').count(),
    ).toBe(0);
    expect((await getMeeting(page, meeting.id)).date.slice(0, 10)).toMatch(/^2030-06-1[345]$/);
    expect(updates).toHaveLength(1);
    expect(unexpected(errors, /status of 400/)).toEqual([]);
    await context.close();
  });

  it(
    'an address the meeting is shared with gets an e-mail whose link leads there after sign-in and onboarding',
    { timeout: 150_000 },
    async () => {
      const owner = await openPage(browser, { width: 1280, height: 900 });
      const ownerEmail = uniqueEmail('invite-owner');
      const guestEmail = uniqueEmail('invite-guest');
      // One word: a mail header folds long lines at spaces.
      const title = `Steering${Date.now().toString(36)}`;
      await signInThroughUi(owner.page, ownerEmail);
      const meeting = await createMeeting(owner.page, title);
      await owner.page.goto(`/app/meetings/${meeting.id}`);
      const share = owner.page.getByRole('textbox', { name: 'Email to share with' });
      await share.fill(guestEmail);
      await share.press('Enter');
      await owner.page.getByText(`${guestEmail} has been added successfully.`).waitFor();

      // Through the test mailbox, a real SMTP server: the title, the owner and the meeting's link.
      const mail = (await mailWith(guestEmail, title)).replace(/=\r\n/g, '');
      expect(mail).toContain(`${ownerEmail} shared the meeting "${title}" with you`);
      const link = new RegExp(`https?://[^\\s"<>]+/app/meetings/${meeting.id}`).exec(mail)?.[0];
      expect(link).toBeDefined();

      // Followed while signed out: sign-in, the onboarding the guard asks for, then the meeting.
      const { page, context, errors } = await openPage(browser, { width: 1280, height: 900 });
      await page.goto(link!);
      await signInFromRedirect(page, guestEmail);
      await page.waitForURL(new URL(link!).href);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByText(`Owner: ${ownerEmail}`).waitFor();
      expect(unexpected(errors, /status of 401/)).toEqual([]);
      expect(owner.errors).toEqual([]);
      await owner.context.close();
      await context.close();
    },
  );

  it(
    'one date format: the date field, the list and the shared view show the same weekday dd/MM/yyyy',
    { timeout: 150_000 },
    async () => {
      const owner = await openPage(browser, { width: 1280, height: 900 });
      const guestEmail = uniqueEmail('one-format-guest');
      await signInThroughUi(owner.page, uniqueEmail('one-format'));
      const meeting = await createMeeting(owner.page, 'Format check', {
        date: new Date(2026, 10, 30, 10, 0),
      });
      await api(owner.page, 'PUT', `/meetings/${meeting.id}/add-shared-user`, {
        email: guestEmail,
      });
      const shown = 'Monday 30/11/2026';

      await owner.page.goto('/app/meetings');
      expect(await owner.page.getByRole('link', { name: /Format check/ }).textContent()).toContain(
        shown,
      );
      await owner.page.goto(`/app/meetings/${meeting.id}`);
      const date = owner.page.getByLabel('Date');
      await date.waitFor();
      const describedBy = await date.getAttribute('aria-describedby');
      expect(await owner.page.locator(`[id="${describedBy}"]`).textContent()).toBe(shown);

      const guest = await openPage(browser, { width: 1280, height: 900 });
      await signInThroughUi(guest.page, guestEmail);
      await guest.page.goto(`/app/meetings/${meeting.id}`);
      await guest.page.getByRole('heading', { level: 1, name: 'Format check' }).waitFor();
      await guest.page.getByText(shown).waitFor();
      // No other way of writing that day anywhere on either page.
      for (const page of [owner.page, guest.page]) {
        const text = await page.locator('main').innerText();
        expect(text).not.toMatch(/11\/30\/2026|November 30|30 November|Nov 30/);
      }
      expect(owner.errors).toEqual([]);
      expect(guest.errors).toEqual([]);
      await owner.context.close();
      await guest.context.close();
    },
  );

  it('an empty list and a search with no hits say what happened, not that the list ended', async () => {
    const { page, context, errors } = await openPage(browser, { width: 1280, height: 900 });
    await signInThroughUi(page, uniqueEmail('empty-states'));
    await page.getByText('No meetings yet').waitFor();
    await page.getByText('Create your first meeting with the New Meeting button above.').waitFor();
    expect(await page.getByText('No more meetings to load.').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'New Meeting' }).count()).toBe(1);

    await createMeeting(page, 'Weekly status');
    await page.reload();
    await page.getByText('Weekly status', { exact: true }).waitFor();
    await page.getByText('No more meetings to load.').waitFor();
    await page.getByRole('searchbox', { name: 'Search meetings' }).fill('budget');
    await page.getByText('No meetings match “budget”').waitFor();
    expect(await page.getByText('No more meetings to load.').count()).toBe(0);
    expect(await page.getByText('Weekly status', { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the notes toolbar arriving moves nothing on the page', async () => {
    const { page, context, errors } = await openPage(browser, { width: 1280, height: 800 });
    await signInThroughUi(page, uniqueEmail('no-jump'));
    const { id } = await createMeeting(page, 'Steady page', { agenda: ['Risks'] });
    // Every layout shift not caused by the user, from the first paint of the meeting page.
    await page.addInitScript(() => {
      const shifts: { value: number; sources: string[] }[] = [];
      (window as unknown as { shifts: typeof shifts }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node }[];
        }[])
          if (!entry.hadRecentInput)
            shifts.push({
              value: entry.value,
              sources: entry.sources.map(
                (s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? '?',
              ),
            });
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`/app/meetings/${id}`);
    await page.locator('.ql-toolbar').waitFor();
    await page.getByRole('region', { name: 'Actions' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const shifts = await page.evaluate(
      () => (window as unknown as { shifts: { value: number; sources: string[] }[] }).shifts,
    );
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    console.log(`meeting page layout shift: ${total.toFixed(4)}`, JSON.stringify(shifts));
    // Web Vitals' "good" is under 0.1; a toolbar pushing the notes and actions down costs more.
    expect(total).toBeLessThan(0.1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('from the actions page to the meetings list without loading the app again', async () => {
    const { page, context, errors } = await openPage(browser, { width: 1280, height: 900 });
    await signInThroughUi(page, uniqueEmail('page-switch'));
    await createMeeting(page, 'Switch check', { actions: ['Ship it'] });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const timings: number[] = [];
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents += 1;
    });
    // The first round loads each page's code; the next ones are what a user feels all day.
    for (let round = 0; round < 6; round += 1) {
      await nav.getByRole('link', { name: 'Actions' }).click();
      await page.getByRole('heading', { level: 1, name: 'Actions' }).waitFor();
      await page.getByRole('link', { name: /Switch check/ }).waitFor();
      const started = Date.now();
      await nav.getByRole('link', { name: 'Meetings' }).click();
      await page.getByRole('heading', { level: 1, name: 'Meetings' }).waitFor();
      await page.getByRole('link', { name: /Switch check/ }).waitFor();
      if (round > 0) timings.push(Date.now() - started);
    }
    timings.sort((a, b) => a - b);
    const median = timings[Math.floor(timings.length / 2)]!;
    // For the record only: speed is the benchmark's to judge, not a timed test's.
    console.log(`actions page → meetings list: median ${median} ms of ${timings.join(', ')} ms`);
    expect(documents).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
