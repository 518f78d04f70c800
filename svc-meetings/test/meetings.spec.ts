import {
  ServerMessages,
  Subjects,
  type MeetingListResponse,
  type MeetingSummary,
} from '@meetings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingWithContent } from './fixtures/meetings.js';
import { Harness, testUser, type Client } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
});
afterAll(async () => {
  await h?.close();
});

const day = (n: number) => new Date(Date.UTC(2030, 0, 1 + n, 9, 30)).toISOString();

async function list(client: Client, query = ''): Promise<MeetingListResponse> {
  const response = await client.get(`/api/meetings/${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MeetingListResponse>();
}

describe('the meetings list', () => {
  let reader: Client;
  let own: MeetingSummary[];
  let sharedIds: string[];

  beforeAll(async () => {
    const readerUser = testUser();
    reader = h.as(readerUser);
    own = [];
    for (let i = 0; i < 30; i++) own.push(await reader.create(`Standup ${i}`, day(i * 2)));
    const other = h.as(testUser());
    sharedIds = [];
    for (const n of [5, 41]) {
      const meeting = await other.create(`Shared review ${n}`, day(n));
      await other.change('PUT', `/api/meetings/${meeting.id}/add-shared-user`, {
        email: readerUser.email.toUpperCase(),
      });
      sharedIds.push(meeting.id);
    }
    await other.create('Not shared with the reader', day(3));
  });

  it('pages the meetings a user owns or is shared on, newest first, 25 at a time', async () => {
    const first = await list(reader);
    expect(first).toMatchObject({ page: 1, pageSize: 25, hasMore: true });
    expect(first.meetings).toHaveLength(25);
    const second = await list(reader, '?page=2');
    expect(second).toMatchObject({ page: 2, pageSize: 25, hasMore: false });
    expect(second.meetings).toHaveLength(7);

    const all = [...first.meetings, ...second.meetings];
    expect(new Set(all.map((m) => m.id)).size).toBe(32);
    const dates = all.map((m) => m.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(
      all
        .filter((m) => !m.isOwner)
        .map((m) => m.id)
        .sort(),
    ).toEqual([...sharedIds].sort());
    expect(all.some((m) => m.title === 'Not shared with the reader')).toBe(false);
  });

  it('answers the summary shape with _id, id, owner, sharedWith, recurrence and duration', async () => {
    const { meetings } = await list(reader, '?pageSize=100');
    const shared = meetings.find((m) => m.id === sharedIds[0])!;
    expect(Object.keys(shared).sort()).toEqual([
      '_id',
      'date',
      'durationMinutes',
      'id',
      'isOwner',
      'owner',
      'recurrence',
      'sharedWith',
      'title',
    ]);
    expect(shared).toMatchObject({
      _id: shared.id,
      recurrence: null,
      durationMinutes: 30,
      isOwner: false,
      sharedWith: [reader.user!.email],
    });
    expect(shared.owner).toMatchObject({
      _id: shared.owner.id,
      email: expect.stringContaining('@example.com'),
    });
  });

  it('honours pageSize and reports the end exactly', async () => {
    expect(await list(reader, '?pageSize=8&page=4')).toMatchObject({
      hasMore: false,
      meetings: { length: 8 },
    });
    expect(await list(reader, '?pageSize=8&page=5')).toMatchObject({
      hasMore: false,
      meetings: [],
    });
    expect(await list(reader, '?pageSize=31&page=1')).toMatchObject({
      hasMore: true,
      meetings: { length: 31 },
    });
    expect(await list(reader, '?pageSize=32&page=1')).toMatchObject({
      hasMore: false,
      meetings: { length: 32 },
    });
  });

  it('searches titles by substring, ignoring case, with % and _ taken literally', async () => {
    const searched = await list(reader, '?title=REVIEW');
    expect(searched.meetings.map((m) => m.id).sort()).toEqual([...sharedIds].sort());
    expect((await list(reader, '?title=standup%201')).meetings.map((m) => m.title).sort()).toEqual(
      [
        'Standup 1',
        'Standup 10',
        'Standup 11',
        'Standup 12',
        'Standup 13',
        'Standup 14',
        'Standup 15',
        'Standup 16',
        'Standup 17',
        'Standup 18',
        'Standup 19',
      ].sort(),
    );
    expect((await list(reader, '?title=%25')).meetings).toEqual([]);
    expect((await list(reader, '?title=_')).meetings).toEqual([]);
    await reader.create('Budget 100% _final_', day(70));
    expect((await list(reader, '?title=100%25%20_')).meetings.map((m) => m.title)).toEqual([
      'Budget 100% _final_',
    ]);
    expect((await list(reader, '?title=%20%20')).meetings).toHaveLength(25);
  });

  it('is empty for a user with no meetings', async () => {
    expect(await list(h.as(testUser()))).toEqual({
      meetings: [],
      page: 1,
      pageSize: 25,
      hasMore: false,
    });
  });

  it('needs a signed-in caller', async () => {
    expect((await h.inject(null, 'GET', '/api/meetings')).statusCode).toBe(401);
  });
});

describe('creating a meeting', () => {
  it('keeps the trimmed title and the given date, and starts a series of its own', async () => {
    const owner = h.as(testUser());
    const response = await owner.post('/api/meetings/create', {
      title: '  Retro  ',
      date: '2030-05-06T14:45:00+02:00',
    });
    expect(response.statusCode).toBe(201);
    const { meeting } = response.json<{ meeting: { _id: string; id: string; seriesId: string } }>();
    expect(meeting).toMatchObject({
      _id: meeting.id,
      title: 'Retro',
      date: '2030-05-06T12:45:00.000Z',
      sharedWith: [],
      agenda: [],
      actions: [],
      notes: '',
      isOwner: true,
      seriesId: meeting.id,
      version: 1,
      owner: { id: owner.user!.id, _id: owner.user!.id, email: owner.user!.email },
    });
    expect(await h.events(meeting.id)).toMatchObject([
      {
        subject: Subjects.MeetingUpserted,
        data: {
          meeting: {
            id: meeting.id,
            version: 1,
            title: 'Retro',
            ownerId: owner.user!.id,
            ownerEmail: owner.user!.email,
            seriesId: meeting.id,
            actions: [],
          },
        },
      },
    ]);
  });

  it('dates a meeting now when no date is given', async () => {
    const meeting = await h.as(testUser()).create('Now');
    expect(Math.abs(Date.parse(meeting.date) - Date.now())).toBeLessThan(60_000);
  });

  it('requires a title', async () => {
    const owner = h.as(testUser());
    for (const body of [{}, { title: '' }, { title: '   ' }]) {
      const response = await owner.post('/api/meetings/create', body);
      expect(response.statusCode).toBe(400);
    }
    expect((await owner.post('/api/meetings/create', { title: ' ' })).json()).toMatchObject({
      error: 'Meeting title is required.',
      field: 'title',
    });
    expect((await list(owner)).meetings).toEqual([]);
  });

  it('is refused on the free plan and after the trial, with its message', async () => {
    const free = await h.freeUser();
    const expired = testUser();
    await h.expireTrial(expired);
    for (const user of [free, expired]) {
      const response = await h.as(user).post('/api/meetings/create', { title: 'Nope' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'MEETING_NOT_ENTITLED',
        error: ServerMessages.notEntitledToCreate,
      });
      expect((await list(h.as(user))).meetings).toEqual([]);
    }
  });
});

describe('changing the title and date', () => {
  it('changes either or both', async () => {
    const owner = h.as(testUser());
    const { id } = await owner.create('Planning', day(1));
    expect(
      await owner.change('PUT', `/api/meetings/${id}/update-info`, { title: ' Planning v2 ' }),
    ).toMatchObject({ title: 'Planning v2', date: day(1), version: 2 });
    expect(
      await owner.change('PUT', `/api/meetings/${id}/update-info`, { date: day(3) }),
    ).toMatchObject({ title: 'Planning v2', date: day(3), version: 3 });
    expect(
      await owner.change('PUT', `/api/meetings/${id}/update-info`, { title: 'P3', date: day(4) }),
    ).toMatchObject({ title: 'P3', date: day(4), version: 4 });
    const versions = (await h.events(id)).map(
      (e) => (e.data.meeting as { version: number }).version,
    );
    expect(versions).toEqual([1, 2, 3, 4]);
  });

  it('refuses a date outside 1970-2100 in every route that sets one, changing nothing', async () => {
    const owner = h.as(testUser());
    const { id } = await owner.create('Planning', day(1));
    const before = await owner.meeting(id);
    const outOfRange = ['0026-11-30T09:00:00.000Z', '1969-12-31T23:59:59Z', '2101-01-01T00:00:00Z'];
    for (const date of outOfRange) {
      for (const [method, url, body] of [
        ['PUT', `/api/meetings/${id}/update-info`, { date }],
        ['POST', '/api/meetings/create', { title: 'Typo', date }],
        [
          'POST',
          `/api/meetings/${id}/duplicate`,
          {
            title: 'Copy',
            date,
            includeShared: false,
            agendaOption: 'all',
            includeNotes: false,
            actionsOption: 'none',
          },
        ],
      ] as const) {
        const response = await owner.request(method, url, body);
        expect(response.statusCode, `${method} ${url} ${date}`).toBe(400);
        expect(response.json()).toMatchObject({
          error: 'The meeting date must be a real date between 1970 and 2100.',
        });
      }
    }
    expect(await owner.meeting(id)).toEqual(before);
    // Neither the create nor the duplicate made a meeting.
    expect((await owner.get('/api/meetings/?page=1&pageSize=100')).json()).toMatchObject({
      meetings: [expect.objectContaining({ id })],
    });
    expect((await owner.get('/api/meetings/?page=1&pageSize=100')).json()).toMatchObject({
      meetings: { length: 1 },
    });
    expect(
      await owner.change('PUT', `/api/meetings/${id}/update-info`, {
        date: '2100-12-31T23:45:00.000Z',
      }),
    ).toMatchObject({ date: '2100-12-31T23:45:00.000Z' });
  });

  it('needs one of them (or a repeat rule or a duration)', async () => {
    const owner = h.as(testUser());
    const { id } = await owner.create('Planning');
    const response = await owner.put(`/api/meetings/${id}/update-info`, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'Give a title, a date, a repeat rule or a duration.',
    });
  });
});

describe('deleting a meeting', () => {
  it('removes it with its agenda and actions, for the owner and everyone it was shared with', async () => {
    const viewer = testUser();
    const owner = h.as(testUser());
    const { meeting } = await meetingWithContent(owner, { sharedWith: [viewer] });
    const response = await owner.delete(`/api/meetings/${meeting.id}/delete`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Meeting deleted successfully' });
    expect((await owner.get(`/api/meetings/${meeting.id}`)).statusCode).toBe(404);
    expect((await list(h.as(viewer))).meetings).toEqual([]);
    const [counted] = (await h.meetings.dataSource.query(
      `SELECT (SELECT count(*) FROM agenda_item WHERE meeting_id = $1) + (SELECT count(*) FROM action_item WHERE meeting_id = $1) AS n`,
      [meeting.id],
    )) as { n: string }[];
    expect(Number(counted!.n)).toBe(0);
    expect((await h.events(meeting.id)).at(-1)).toEqual({
      subject: Subjects.MeetingDeleted,
      data: { meetingId: meeting.id, version: meeting.version + 1 },
    });
    expect((await owner.delete(`/api/meetings/${meeting.id}/delete`)).statusCode).toBe(404);
  });
});
