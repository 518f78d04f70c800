import { randomUUID } from 'node:crypto';
import {
  ServerMessages,
  ValidationMessages,
  type Meeting,
  type PreviousActionsResponse,
} from '@meetings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, testUser, type Client, type TestUser } from './harness.js';

let h: Harness;
let ownerUser: TestUser;
let owner: Client;
let viewerUser: TestUser;
let viewer: Client;

beforeAll(async () => {
  h = await Harness.start();
  ownerUser = { ...testUser(), timeZone: 'Europe/London' };
  owner = h.as(ownerUser);
  viewerUser = testUser();
  viewer = h.as(viewerUser);
});
afterAll(async () => {
  await h?.close();
});

/** A weekly meeting on Mondays at 09:00 London time, shared with the viewer. */
async function weekly(title = `Weekly status ${randomUUID().slice(0, 6)}`): Promise<Meeting> {
  // Monday 23 March 2031, 09:00 GMT: British Summer Time starts on Sunday 30 March.
  const created = await owner.create(title, '2031-03-24T09:00:00.000Z');
  await owner.change('PUT', `/api/meetings/${created.id}/add-shared-user`, {
    email: viewerUser.email,
  });
  return owner.change('PUT', `/api/meetings/${created.id}/update-info`, {
    recurrence: 'FREQ=WEEKLY;BYDAY=MO',
    durationMinutes: 45,
  });
}

describe('recurrence and duration', () => {
  it('a new meeting does not repeat and lasts 30 minutes; every read shows both', async () => {
    const created = await owner.create();
    expect(created).toMatchObject({ recurrence: null, durationMinutes: 30 });
    const changed = await owner.change('PUT', `/api/meetings/${created.id}/update-info`, {
      recurrence: 'rrule:freq=monthly;byday=1tu',
      durationMinutes: 90,
    });
    expect(changed).toMatchObject({ recurrence: 'FREQ=MONTHLY;BYDAY=1TU', durationMinutes: 90 });
    expect(await owner.meeting(created.id)).toMatchObject({
      recurrence: 'FREQ=MONTHLY;BYDAY=1TU',
      durationMinutes: 90,
    });
    const list = (await owner.get('/api/meetings?pageSize=100')).json<{ meetings: Meeting[] }>();
    expect(list.meetings.find((m) => m.id === created.id)).toMatchObject({
      recurrence: 'FREQ=MONTHLY;BYDAY=1TU',
      durationMinutes: 90,
    });
    const cleared = await owner.change('PUT', `/api/meetings/${created.id}/update-info`, {
      recurrence: null,
    });
    expect(cleared).toMatchObject({ recurrence: null, durationMinutes: 90 });
  });

  it.each([
    [{ recurrence: 'FREQ=HOURLY' }, ValidationMessages.recurrenceInvalid],
    [{ recurrence: 'FREQ=WEEKLY;BYDAY=XX' }, ValidationMessages.recurrenceInvalid],
    [{ recurrence: 'FREQ=WEEKLY;BYHOUR=9' }, ValidationMessages.recurrenceInvalid],
    [{ recurrence: 'not a rule' }, ValidationMessages.recurrenceInvalid],
    [{ recurrence: '' }, ValidationMessages.recurrenceInvalid],
    [{ recurrence: 'FREQ=DAILY;'.repeat(40) }, ValidationMessages.recurrenceInvalid],
    [{ recurrence: 7 }, undefined],
    [{ durationMinutes: 20 }, ValidationMessages.durationInvalid],
    [{ durationMinutes: 0 }, ValidationMessages.durationInvalid],
    [{ durationMinutes: 495 }, ValidationMessages.durationInvalid],
    [{ durationMinutes: '30' }, undefined],
    [
      { title: 'Renamed', recurrence: 'FREQ=YEARLY;BYMONTH=13' },
      ValidationMessages.recurrenceInvalid,
    ],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const created = await owner.create('Unchanged');
    const response = await owner.put(`/api/meetings/${created.id}/update-info`, body);
    expect(response.statusCode, response.body).toBe(400);
    if (message) expect(response.json<{ message: string }>().message).toContain(message);
    const after = await owner.meeting(created.id);
    expect(after).toMatchObject({
      title: 'Unchanged',
      recurrence: null,
      durationMinutes: 30,
      version: created.version,
    });
  });

  it('only the owner sets the rule', async () => {
    const meeting = await weekly();
    const response = await viewer.put(`/api/meetings/${meeting.id}/update-info`, {
      recurrence: null,
    });
    expect(response.statusCode).toBe(403);
    expect((await owner.meeting(meeting.id)).recurrence).toBe('FREQ=WEEKLY;BYDAY=MO');
  });
});

describe('POST /api/meetings/{id}/next-occurrence', () => {
  it('makes the next meeting: the rule in the owner zone, title, sharing, rule, duration, open agenda', async () => {
    const meeting = await weekly('Steering group');
    await owner.change('PUT', `/api/meetings/${meeting.id}/add-agenda-item`, { text: 'Risks' });
    const withDone = await owner.change('PUT', `/api/meetings/${meeting.id}/add-agenda-item`, {
      text: 'Budget',
    });
    await owner.change(
      'PUT',
      `/api/meetings/${meeting.id}/update-agenda-item/${withDone.agenda[1]!.id}`,
      { completed: true },
    );
    await owner.change('PUT', `/api/meetings/${meeting.id}/add-action-item`, { text: 'Stays' });
    await owner.change('PUT', `/api/meetings/${meeting.id}/update-notes`, { notes: '<p>x</p>' });

    const response = await owner.post(`/api/meetings/${meeting.id}/next-occurrence`);
    expect(response.statusCode, response.body).toBe(201);
    const next = response.json<{ meeting: Meeting }>().meeting;
    expect(next._id).toBe(next.id);
    expect(next.id).not.toBe(meeting.id);
    expect(next).toMatchObject({
      title: 'Steering group',
      // 09:00 BST on Monday 31 March is 08:00 UTC.
      date: '2031-03-31T08:00:00.000Z',
      sharedWith: [viewerUser.email],
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      durationMinutes: 45,
      seriesId: meeting.seriesId,
      notes: '',
      actions: [],
      isOwner: true,
    });
    expect(next.agenda.map((item) => [item.text, item.completed, item.order])).toEqual([
      ['Risks', false, 1],
    ]);
    expect(await owner.meeting(next.id)).toMatchObject({ id: next.id, title: 'Steering group' });
    // The shared user sees it too.
    expect((await viewer.get(`/api/meetings/${next.id}`)).statusCode).toBe(200);
  });

  it('answers the same next meeting when called again', async () => {
    const meeting = await weekly();
    const first = await owner.post(`/api/meetings/${meeting.id}/next-occurrence`);
    const second = await owner.post(`/api/meetings/${meeting.id}/next-occurrence`);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json<{ meeting: Meeting }>().meeting.id).toBe(
      first.json<{ meeting: Meeting }>().meeting.id,
    );
  });

  it('makes one next meeting when called many times at once', async () => {
    const meeting = await weekly();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => owner.post(`/api/meetings/${meeting.id}/next-occurrence`)),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(responses.map((r) => r.json<{ meeting: Meeting }>().meeting.id));
    expect(ids.size).toBe(1);
    const rows = (await h.meetings.dataSource.query(
      'SELECT id FROM meeting WHERE previous_occurrence_id = $1',
      [meeting.id],
    )) as unknown[];
    expect(rows).toHaveLength(1);
  });

  it('the database refuses a second next meeting of one meeting', async () => {
    const meeting = await weekly();
    const next = (await owner.post(`/api/meetings/${meeting.id}/next-occurrence`)).json<{
      meeting: Meeting;
    }>().meeting;
    await expect(
      h.meetings.dataSource.query(
        `INSERT INTO meeting (id, owner_id, owner_email, title, date, series_id, previous_occurrence_id)
         SELECT $1, owner_id, owner_email, title, date, series_id, $2 FROM meeting WHERE id = $3`,
        [randomUUID(), meeting.id, next.id],
      ),
    ).rejects.toThrow(/meeting_previous_occurrence_key|unique/i);
  });

  it('chains: the next meeting has its own next meeting', async () => {
    const meeting = await weekly();
    const second = (await owner.post(`/api/meetings/${meeting.id}/next-occurrence`)).json<{
      meeting: Meeting;
    }>().meeting;
    const third = (await owner.post(`/api/meetings/${second.id}/next-occurrence`)).json<{
      meeting: Meeting;
    }>().meeting;
    expect(third.date).toBe('2031-04-07T08:00:00.000Z');
    expect(third.seriesId).toBe(meeting.seriesId);
  });

  it('refuses a meeting that does not repeat, with a clear message', async () => {
    const meeting = await owner.create();
    const response = await owner.post(`/api/meetings/${meeting.id}/next-occurrence`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(ServerMessages.notRecurring);
  });

  it('refuses a rule that has ended', async () => {
    const meeting = await owner.create('Ended', '2031-03-24T09:00:00.000Z');
    await owner.change('PUT', `/api/meetings/${meeting.id}/update-info`, {
      recurrence: 'FREQ=WEEKLY;UNTIL=20310325T000000Z',
    });
    const response = await owner.post(`/api/meetings/${meeting.id}/next-occurrence`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(ServerMessages.seriesEnded);
  });

  it('only editors: shared users, strangers, the signed out and the free plan are refused', async () => {
    const meeting = await weekly();
    expect((await viewer.post(`/api/meetings/${meeting.id}/next-occurrence`)).statusCode).toBe(403);
    expect(
      (await h.as(testUser()).post(`/api/meetings/${meeting.id}/next-occurrence`)).statusCode,
    ).toBe(403);
    expect((await h.as(null).post(`/api/meetings/${meeting.id}/next-occurrence`)).statusCode).toBe(
      401,
    );
    expect((await owner.post(`/api/meetings/${randomUUID()}/next-occurrence`)).statusCode).toBe(
      404,
    );
    expect((await owner.post(`/api/meetings/not-an-id/next-occurrence`)).statusCode).toBe(400);

    const freeUser = { ...testUser(), timeZone: 'UTC' };
    const free = h.as(freeUser);
    const own = await free.create('Mine', '2031-03-24T09:00:00.000Z');
    await free.change('PUT', `/api/meetings/${own.id}/update-info`, {
      recurrence: 'FREQ=DAILY',
    });
    await h.setPlan(freeUser, 'free');
    const refused = await free.post(`/api/meetings/${own.id}/next-occurrence`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(ServerMessages.notEntitledToEdit);
    const rows = (await h.meetings.dataSource.query(
      'SELECT id FROM meeting WHERE previous_occurrence_id = $1',
      [own.id],
    )) as unknown[];
    expect(rows).toHaveLength(0);
  });
});

describe('previous actions of a series', () => {
  it('come from earlier meetings of the series, whatever their titles', async () => {
    const first = await weekly('Weekly status');
    await owner.change('PUT', `/api/meetings/${first.id}/add-action-item`, { text: 'Ship it' });
    const next = (await owner.post(`/api/meetings/${first.id}/next-occurrence`)).json<{
      meeting: Meeting;
    }>().meeting;
    await owner.change('PUT', `/api/meetings/${next.id}/update-info`, { title: 'Renamed status' });
    // A meeting of the same title outside the series does not count for a series.
    const stranger = await owner.create('Renamed status', '2031-03-20T09:00:00.000Z');
    await owner.change('PUT', `/api/meetings/${stranger.id}/add-action-item`, { text: 'Not mine' });

    const previous = (
      await owner.get(`/api/meetings/${next.id}/previous-actions`)
    ).json<PreviousActionsResponse>();
    expect(previous.meetings.map((m) => [m.id, m.title, m.actions.map((a) => a.text)])).toEqual([
      [first.id, 'Weekly status', ['Ship it']],
    ]);
  });

  it('a meeting never in a series keeps the same-title rule', async () => {
    const title = `Retro ${randomUUID().slice(0, 6)}`;
    const earlier = await owner.create(title, '2031-02-01T09:00:00.000Z');
    await owner.change('PUT', `/api/meetings/${earlier.id}/add-action-item`, { text: 'Carry' });
    const later = await owner.create(title, '2031-02-08T09:00:00.000Z');
    const previous = (
      await owner.get(`/api/meetings/${later.id}/previous-actions`)
    ).json<PreviousActionsResponse>();
    expect(previous.meetings.map((m) => m.id)).toEqual([earlier.id]);
  });
});
