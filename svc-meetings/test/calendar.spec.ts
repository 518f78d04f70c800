import { randomUUID } from 'node:crypto';
import { ServerMessages, type Meeting } from '@meetings/contracts';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, testUser, type Client, type TestUser } from './harness.js';

const BASE = 'https://minutes.example';

let h: Harness;
let ownerUser: TestUser;
let owner: Client;
let viewerUser: TestUser;
let viewer: Client;

beforeAll(async () => {
  h = await Harness.start({ env: { PUBLIC_BASE_URL: `${BASE}/` } });
  ownerUser = { ...testUser(), timeZone: 'Europe/Berlin' };
  owner = h.as(ownerUser);
  viewerUser = testUser();
  viewer = h.as(viewerUser);
});
afterAll(async () => {
  await h?.close();
});

/** Parses a calendar file with ical.js, a parser independent of the generator. */
function events(text: string): ICAL.Event[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

const inDays = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCSeconds(0, 0);
  date.setUTCMinutes(0);
  return date.toISOString();
};

describe('GET /api/meetings/{id}/calendar.ics', () => {
  async function meeting(): Promise<Meeting> {
    const created = await owner.create('Sprint review, team; "A"', '2031-06-02T07:30:00.000Z');
    for (const email of [viewerUser.email, 'guest@example.org'])
      await owner.change('PUT', `/api/meetings/${created.id}/add-shared-user`, { email });
    return owner.change('PUT', `/api/meetings/${created.id}/update-info`, {
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      durationMinutes: 60,
    });
  }

  it('is one VEVENT with the meeting as calendars need it', async () => {
    const created = await meeting();
    const response = await owner.get(`/api/meetings/${created.id}/calendar.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.body).toContain('DTSTART:20310602T073000Z');
    const [event, ...more] = events(response.body);
    expect(more).toHaveLength(0);
    expect(event!.summary).toBe('Sprint review, team; "A"');
    expect(event!.startDate.toJSDate().toISOString()).toBe('2031-06-02T07:30:00.000Z');
    expect(event!.startDate.zone?.tzid).toBe('UTC');
    expect(event!.endDate.toJSDate().toISOString()).toBe('2031-06-02T08:30:00.000Z');
    expect(event!.component.getFirstPropertyValue('rrule')?.toString()).toBe(
      'FREQ=WEEKLY;BYDAY=MO',
    );
    expect(event!.organizer).toBe(`mailto:${ownerUser.email}`);
    expect(event!.attendees.map((a) => String(a.getFirstValue()).toLowerCase())).toEqual([
      `mailto:${viewerUser.email}`,
      'mailto:guest@example.org',
    ]);
    expect(event!.component.getFirstPropertyValue('url')).toBe(
      `${BASE}/app/meetings/${created.id}`,
    );
    expect(event!.uid).toBe(`${created.id}@meetingkeeper`);

    // The UID stays when the meeting changes; calendars see a newer SEQUENCE.
    await owner.change('PUT', `/api/meetings/${created.id}/update-info`, { title: 'Renamed' });
    const again = events((await owner.get(`/api/meetings/${created.id}/calendar.ics`)).body)[0]!;
    expect(again.uid).toBe(event!.uid);
    expect(again.summary).toBe('Renamed');
    expect(again.sequence).toBeGreaterThan(event!.sequence);
  });

  it('a calendar expanding the rule in UTC finds the dates the series makes', async () => {
    const auckland = h.as({ ...testUser(), timeZone: 'Pacific/Auckland' });
    // Monday 15 June 2026, 08:30 in Auckland: Sunday 14 June, 20:30 UTC.
    const created = await auckland.create('Kiwi standup', '2026-06-14T20:30:00.000Z');
    await auckland.change('PUT', `/api/meetings/${created.id}/update-info`, {
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
    });
    const event = events((await auckland.get(`/api/meetings/${created.id}/calendar.ics`)).body)[0]!;
    const expanded = event.iterator();
    expect(expanded.next()!.toJSDate().toISOString()).toBe('2026-06-14T20:30:00.000Z');
    const second = expanded.next()!.toJSDate().toISOString();
    const next = (await auckland.post(`/api/meetings/${created.id}/next-occurrence`)).json<{
      meeting: Meeting;
    }>().meeting;
    expect(second).toBe(next.date);
    expect(next.date).toBe('2026-06-21T20:30:00.000Z');
  });

  it('has no RRULE for a meeting that does not repeat', async () => {
    const created = await owner.create('Once', '2031-06-02T07:30:00.000Z');
    const event = events((await owner.get(`/api/meetings/${created.id}/calendar.ics`)).body)[0]!;
    expect(event.isRecurring()).toBe(false);
    expect(event.endDate.toJSDate().toISOString()).toBe('2031-06-02T08:00:00.000Z');
  });

  it('anyone who may read the meeting may download it; nobody else', async () => {
    const created = await meeting();
    expect((await viewer.get(`/api/meetings/${created.id}/calendar.ics`)).statusCode).toBe(200);
    const stranger = await h.as(testUser()).get(`/api/meetings/${created.id}/calendar.ics`);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).not.toContain('Sprint review');
    expect((await h.as(null).get(`/api/meetings/${created.id}/calendar.ics`)).statusCode).toBe(401);
    expect((await owner.get(`/api/meetings/${randomUUID()}/calendar.ics`)).statusCode).toBe(404);
    expect((await owner.get(`/api/meetings/nope/calendar.ics`)).statusCode).toBe(400);
  });
});

describe('the private calendar feed', () => {
  async function feedUrl(client: Client): Promise<string> {
    const response = await client.get('/api/calendar/feed-url');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ url: string }>().url;
  }

  /** The feed fetched as a calendar application does: no session. */
  function fetchFeed(url: string) {
    expect(url.startsWith(`${BASE}/api/calendar/feed/`)).toBe(true);
    return h.as(null).get(url.slice(BASE.length));
  }

  it('lists the meetings the user owns or is shared on, 30 days back to a year ahead', async () => {
    const user = testUser();
    const me = h.as(user);
    const other = h.as(testUser());
    const mine = await me.create('Mine soon', inDays(3));
    const old = await me.create('Mine long ago', inDays(-45));
    const recent = await me.create('Mine last week', inDays(-7));
    const far = await me.create('Mine in two years', inDays(800));
    const sharedWithMe = await other.create('Shared with me', inDays(10));
    await other.change('PUT', `/api/meetings/${sharedWithMe.id}/add-shared-user`, {
      email: user.email,
    });
    const notMine = await other.create('Not mine', inDays(10));

    const url = await feedUrl(me);
    expect(await feedUrl(me)).toBe(url);
    const response = await fetchFeed(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    const uids = events(response.body).map((event) => event.uid);
    expect(uids.sort()).toEqual(
      [mine.id, recent.id, sharedWithMe.id].map((id) => `${id}@meetingkeeper`).sort(),
    );
    for (const absent of [old, far, notMine])
      expect(uids).not.toContain(`${absent.id}@meetingkeeper`);
  });

  it('a series repeats from its last meeting only', async () => {
    const user = { ...testUser(), timeZone: 'UTC' };
    const me = h.as(user);
    const first = await me.create('Standup', inDays(2));
    await me.change('PUT', `/api/meetings/${first.id}/update-info`, { recurrence: 'FREQ=DAILY' });
    const second = (await me.post(`/api/meetings/${first.id}/next-occurrence`)).json<{
      meeting: Meeting;
    }>().meeting;
    const feed = events((await fetchFeed(await feedUrl(me))).body);
    const byUid = new Map(feed.map((event) => [event.uid, event]));
    expect(byUid.get(`${first.id}@meetingkeeper`)!.isRecurring()).toBe(false);
    expect(byUid.get(`${second.id}@meetingkeeper`)!.isRecurring()).toBe(true);
  });

  it('each token opens only its own user’s feed', async () => {
    const alice = h.as(testUser());
    const bob = h.as(testUser());
    const alices = await alice.create('Alice only', inDays(5));
    const bobs = await bob.create('Bob only', inDays(5));
    const aliceUrl = await feedUrl(alice);
    const bobUrl = await feedUrl(bob);
    expect(aliceUrl).not.toBe(bobUrl);
    const aliceFeed = (await fetchFeed(aliceUrl)).body;
    const bobFeed = (await fetchFeed(bobUrl)).body;
    expect(aliceFeed).toContain(alices.id);
    expect(aliceFeed).not.toContain(bobs.id);
    expect(bobFeed).toContain(bobs.id);
    expect(bobFeed).not.toContain(alices.id);
  });

  it('a reset replaces the address; the old one answers 404', async () => {
    const me = h.as(testUser());
    await me.create('Kept', inDays(1));
    const before = await feedUrl(me);
    const rotated = await me.post('/api/calendar/feed-url/rotate');
    expect(rotated.statusCode).toBe(200);
    const after = rotated.json<{ url: string }>().url;
    expect(after).not.toBe(before);
    expect(await feedUrl(me)).toBe(after);
    const old = await fetchFeed(before);
    expect(old.statusCode).toBe(404);
    expect(old.json<{ message: string }>().message).toBe(ServerMessages.calendarFeedNotFound);
    expect((await fetchFeed(after)).statusCode).toBe(200);
  });

  it('a reset before any feed makes one', async () => {
    const me = h.as(testUser());
    const rotated = await me.post('/api/calendar/feed-url/rotate');
    expect(rotated.statusCode).toBe(200);
    expect(await feedUrl(me)).toBe(rotated.json<{ url: string }>().url);
  });

  it('stores only the token hash', async () => {
    const user = testUser();
    const url = await feedUrl(h.as(user));
    const token = url.split('/').at(-2)!;
    const rows = (await h.meetings.dataSource.query(
      'SELECT * FROM calendar_feed WHERE user_id = $1',
      [user.id],
    )) as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it.each([
    ['an unknown token', `/api/calendar/feed/${'A'.repeat(43)}/meetings.ics`, 404],
    ['a made-up token', '/api/calendar/feed/not-a-token/meetings.ics', 404],
    ['a too long token', `/api/calendar/feed/${'x'.repeat(300)}/meetings.ics`, 400],
  ])('refuses %s', async (_name, path, status) => {
    const response = await h.as(null).get(path);
    expect(response.statusCode).toBe(status);
    expect(response.body).not.toContain('BEGIN:VCALENDAR');
  });

  it('the address and its reset need a session', async () => {
    expect((await h.as(null).get('/api/calendar/feed-url')).statusCode).toBe(401);
    expect((await h.as(null).post('/api/calendar/feed-url/rotate')).statusCode).toBe(401);
  });
});
