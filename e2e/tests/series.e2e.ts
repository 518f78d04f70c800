import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import { request as playwrightRequest } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, mailWith, openPage, uniqueEmail } from '../support/browser.js';
import { signInThroughUi } from '../support/journeys.js';
import { api, createMeeting, dayOffset, ddMMyyyy, getMeeting } from '../support/meetings.js';

// A meeting repeats as a series, and is in people's calendars.

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
      response.url().includes(path) && response.request().method() !== 'GET' && response.ok(),
    { timeout: 15_000 },
  );
}

/** The VEVENTs of a calendar file, read by ical.js (not the library that wrote it). */
function events(text: string): ICAL.Event[] {
  return new ICAL.Component(ICAL.parse(text))
    .getAllSubcomponents('vevent')
    .map((vevent) => new ICAL.Event(vevent));
}

describe('a meeting series', () => {
  it('weekly: the next meeting, renamed, shows the previous actions; its .ics and the feed parse', async () => {
    const { page, context, errors } = await openPage(browser);
    const ownerEmail = uniqueEmail('series36');
    const guest = uniqueEmail('series36-guest');
    await signInThroughUi(page, ownerEmail);
    const first = await createMeeting(page, 'Weekly status', {
      date: dayOffset(1),
      agenda: ['Risks'],
      actions: ['Send the minutes #ops'],
    });
    await api(page, 'PUT', `/meetings/${first.id}/add-shared-user`, { email: guest });
    await page.goto(`/app/meetings/${first.id}`);

    // Make it weekly, on the meeting's own weekday, and 45 minutes long.
    const repeats = page.getByLabel('Repeats');
    const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long' }).format(dayOffset(1));
    const ruleSaved = saved(page, '/update-info');
    await repeats.selectOption({ label: `Weekly on ${weekday}` });
    await ruleSaved;
    const durationSaved = saved(page, '/update-info');
    await page.getByLabel('Duration').selectOption({ label: '45 min' });
    await durationSaved;
    const weekly = await getMeeting(page, first.id);
    expect(weekly).toMatchObject({ durationMinutes: 45 });
    expect((weekly as unknown as { recurrence: string }).recurrence).toMatch(
      /^FREQ=WEEKLY;BYDAY=(MO|TU|WE|TH|FR|SA|SU)$/,
    );

    // Open the next meeting: a week later, the same title, the open agenda carried over.
    await page.getByRole('button', { name: 'Next meeting' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith(first.id));
    const nextId = new URL(page.url()).pathname.split('/').pop()!;
    const next = await getMeeting(page, nextId);
    expect(next.title).toBe('Weekly status');
    expect(next.sharedWith).toEqual([guest]);
    expect(new Date(next.date).getTime() - new Date(first.date).getTime()).toBeGreaterThanOrEqual(
      (7 * 24 - 1) * 3_600_000,
    );
    expect(next.agenda.map((item) => [item.text, item.completed])).toEqual([['Risks', false]]);

    // Rename it: the previous actions still come from the series.
    const title = page.getByRole('textbox', { name: 'Meeting title' });
    await title.waitFor();
    const renamed = saved(page, `/meetings/${nextId}/update-info`);
    await title.fill('Weekly status, renamed');
    await title.press('Enter');
    await renamed;
    await page.reload();
    const previous = page.getByRole('region', { name: 'Previous Actions' });
    await previous.getByRole('link', { name: `Weekly status - ${ddMMyyyy(first.date)}` }).waitFor();
    await previous.getByRole('checkbox', { name: 'Send the minutes #ops' }).waitFor();

    // Send the recap of the renamed meeting (the recap's page controls are another change): the
    // owner and the shared list get it.
    expect(await api(page, 'POST', `/meetings/${nextId}/send-recap`)).toEqual({ sent: 2 });
    for (const to of [guest, ownerEmail])
      expect(await mailWith(to, 'Recap: Weekly status, renamed')).toMatch(/^Subject: Recap: /m);

    // "Next meeting" again from the first meeting opens the same next meeting.
    await page.goto(`/app/meetings/${first.id}`);
    await page.getByRole('button', { name: 'Next meeting' }).click();
    await page.waitForURL(`**/app/meetings/${nextId}`);

    // Add to calendar: one VEVENT with the new title, the rule, 45 minutes, the meeting's link.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Add to calendar' }).click();
    const file = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of file) chunks.push(chunk as Buffer);
    const [event, ...others] = events(Buffer.concat(chunks).toString('utf8'));
    expect(others).toHaveLength(0);
    expect(event!.summary).toBe('Weekly status, renamed');
    expect(event!.startDate.toJSDate().toISOString()).toBe(new Date(next.date).toISOString());
    expect(event!.endDate.toJSDate().getTime() - event!.startDate.toJSDate().getTime()).toBe(
      45 * 60_000,
    );
    expect(event!.isRecurring()).toBe(true);
    expect(String(event!.component.getFirstPropertyValue('url'))).toMatch(
      new RegExp(`/app/meetings/${nextId}$`),
    );

    // The personal feed in Settings: fetched without a session, both meetings; a reset ends it.
    await page.goto('/app/settings');
    const feedField = page.getByLabel('Your calendar feed address');
    await feedField.waitFor();
    await expect
      .poll(() => feedField.inputValue(), { timeout: 15_000 })
      .toMatch(/\/api\/calendar\/feed\/.+\.ics$/);
    const feedUrl = await feedField.inputValue();
    const outsider = await playwrightRequest.newContext();
    const feed = await outsider.get(feedUrl);
    expect(feed.status()).toBe(200);
    const uids = events(await feed.text()).map((e) => e.uid);
    expect(uids).toEqual(
      expect.arrayContaining([`${first.id}@meetingkeeper`, `${nextId}@meetingkeeper`]),
    );
    const reset = saved(page, '/calendar/feed-url/rotate');
    await page.getByRole('button', { name: 'Reset link' }).click();
    await reset;
    await expect.poll(() => feedField.inputValue(), { timeout: 15_000 }).not.toBe(feedUrl);
    expect((await outsider.get(feedUrl)).status()).toBe(404);
    expect((await outsider.get(await feedField.inputValue())).status()).toBe(200);
    await outsider.dispose();

    expect(errors).toEqual([]);
    await context.close();
  });
});
