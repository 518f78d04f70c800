import {
  CountActionsResponseSchema,
  ListActionsResponseSchema,
  type ListActionsResponse,
} from '@meetings/contracts';
import { testUser, type TestUser } from '@meetings/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@meetings/domain';
import { action, FakeMeetings } from './fake-meetings.js';
import { ActionsHarness } from './harness.js';

// The actions list shows each action's assignee and due date, and filters by them.

let h: ActionsHarness;
const meetings = new FakeMeetings();
const alice = testUser('alice@example.com');
const bob = testUser('bob@example.com');

beforeAll(async () => {
  h = await ActionsHarness.start();
});

afterAll(async () => {
  await h?.close();
});

async function list(user: TestUser, query = ''): Promise<ListActionsResponse> {
  const response = await h.request(user, 'GET', `/api/actions/${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return ListActionsResponseSchema.parse(response.json());
}

describe('GET /api/actions/: assignee and due date', () => {
  it('are on each action, null when unset', async () => {
    const meeting = meetings.create(alice, {
      title: 'Planning',
      sharedWith: [bob.email],
      actions: [
        action('Book the room', 1, false, { assignee: bob.email, dueDate: '2026-02-28' }),
        action('Send the agenda', 2),
      ],
    });
    await h.feed(h.upserted(meeting));
    for (const user of [alice, bob]) {
      const page = await list(user);
      expect(page.meetings.find((m) => m.id === meeting.id)?.actions).toEqual([
        expect.objectContaining({
          text: 'Book the room',
          assignee: bob.email,
          dueDate: '2026-02-28',
        }),
        expect.objectContaining({ text: 'Send the agenda', assignee: null, dueDate: null }),
      ]);
    }
  });
});

describe('GET /api/actions/: assignee and due filters', () => {
  const carol = testUser('carol@example.com');
  const dave = testUser('dave@example.com');
  // The same data seen from both ends of the day: Auckland is 19 to 21 hours ahead of Los Angeles.
  const zones = ['Pacific/Auckland', 'America/Los_Angeles', 'UTC'];
  // Days around the Auckland day, so every zone's today falls inside.
  const base = todayIn('Pacific/Auckland');
  const offsets = [-3, -2, -1, 0, 1, 2, 5, 6, 7, 8];
  const dated = offsets.map((offset) => addDays(base, offset));

  beforeAll(async () => {
    const meeting = meetings.create(carol, {
      title: 'Delivery',
      date: '2026-01-10T09:00:00.000Z',
      sharedWith: [dave.email],
      actions: [
        ...dated.map((day, i) =>
          action(`due ${day}`, i + 1, false, { assignee: dave.email, dueDate: day }),
        ),
        action('undated for dave', 20, false, { assignee: dave.email }),
        action('done late', 21, true, { assignee: dave.email, dueDate: addDays(base, -5) }),
        action('carol owes', 22, false, { assignee: carol.email, dueDate: dated[0]! }),
        action('nobody owes', 23),
      ],
    });
    // Assigned to dave, but dave is not on its list (he was removed): he must not see it.
    const hidden = meetings.create(carol, {
      title: 'Board',
      actions: [action('hidden from dave', 1, false, { assignee: dave.email, dueDate: base })],
    });
    await h.feed(h.upserted(meeting));
    await h.feed(h.upserted(hidden));
  });

  const texts = (page: ListActionsResponse) =>
    page.meetings.flatMap((m) => m.actions.map((a) => a.text));
  const dueTexts = (days: string[]) => dated.filter((d) => days.includes(d)).map((d) => `due ${d}`);

  it('assignee=me is what is assigned to the caller in meetings they can see', async () => {
    const mine = texts(await list(dave, 'assignee=me&pageSize=100'));
    expect(mine).toEqual([...dated.map((d) => `due ${d}`), 'undated for dave']);
    expect(texts(await list(carol, 'assignee=me'))).toEqual(['carol owes']);
    expect(texts(await list(carol, 'assignee=DAVE@example.com&pageSize=100'))).toContain(
      'hidden from dave',
    );
  });

  it('a stranger sees nothing, whoever they name', async () => {
    const stranger = testUser();
    expect((await list(stranger, `assignee=${dave.email}`)).meetings).toEqual([]);
    expect((await list(stranger, 'assignee=me&due=week')).meetings).toEqual([]);
  });

  it.each(zones)('judges overdue, today and this week in the caller zone (%s)', async (zone) => {
    const user = { ...dave, timeZone: zone };
    const today = todayIn(zone);
    const week = Array.from({ length: 7 }, (_, i) => addDays(today, i));
    const q = (due: string) => list(user, `assignee=me&due=${due}&pageSize=100`);
    expect(texts(await q('overdue'))).toEqual(dueTexts(dated.filter((d) => d < today)));
    expect(texts(await q('today'))).toEqual(dueTexts([today]));
    expect(texts(await q('week'))).toEqual(dueTexts(week));
    expect(texts(await q('none'))).toEqual(['undated for dave']);
  });

  it('overdue never lists completed actions, even with showCompleted', async () => {
    const page = await list(dave, 'due=overdue&showCompleted=true&pageSize=100');
    expect(texts(page)).not.toContain('done late');
    expect(texts(await list(dave, 'showCompleted=true&pageSize=100'))).toContain('done late');
  });

  it('filters without an assignee too (everything the caller can see)', async () => {
    const user = { ...carol, timeZone: 'UTC' };
    const today = todayIn('UTC');
    const overdue = texts(await list(user, 'due=overdue&pageSize=100'));
    const expected = [
      ...dueTexts(dated.filter((d) => d < today)),
      ...(dated[0]! < today ? ['carol owes'] : []),
      ...(base < today ? ['hidden from dave'] : []),
    ];
    expect(overdue.sort()).toEqual(expected.sort());
  });

  it('sort=due orders by due date, undated last', async () => {
    const sorted = (await list(dave, 'assignee=me&sort=due&pageSize=100')).meetings.flatMap((m) =>
      m.actions.map((a) => a.dueDate),
    );
    expect(sorted).toEqual([...dated, null]);
    const all = (await list(carol, 'sort=due&pageSize=100')).meetings.flatMap((m) =>
      m.actions.map((a) => a.dueDate),
    );
    const undated = all.findIndex((d) => d === null);
    expect(all.slice(0, undated)).toEqual([...all.slice(0, undated)].sort());
    expect(all.slice(undated).every((d) => d === null)).toBe(true);
  });

  it('count answers how many the same filters list, for the caller only', async () => {
    const count = async (user: TestUser, query: string) => {
      const response = await h.request(user, 'GET', `/api/actions/count?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return CountActionsResponseSchema.parse(response.json()).count;
    };
    for (const zone of zones) {
      const user = { ...dave, timeZone: zone };
      const today = todayIn(zone);
      expect(await count(user, 'assignee=me&due=overdue')).toBe(
        dated.filter((d) => d < today).length,
      );
      expect(await count(user, 'assignee=me&due=none')).toBe(1);
    }
    expect(await count(dave, 'assignee=me&showCompleted=true')).toBe(dated.length + 2);
    expect(await count(testUser(), `assignee=${dave.email}`)).toBe(0);
  });

  it('count stops at 100', async () => {
    const erin = testUser('erin@example.com');
    const many = meetings.create(erin, {
      title: 'Backlog',
      actions: Array.from({ length: 105 }, (_, i) =>
        action(`old ${i}`, i + 1, false, { assignee: erin.email, dueDate: '2020-01-01' }),
      ),
    });
    await h.feed(h.upserted(many));
    const response = await h.request(erin, 'GET', '/api/actions/count?assignee=me&due=overdue');
    expect(response.json()).toEqual({ count: 100 });
  });

  it.each(['due=later', 'page=2', 'sort=due', 'assignee=bob'])(
    'count refuses %s with 400',
    async (query) => {
      const response = await h.request(dave, 'GET', `/api/actions/count?${query}`);
      expect(response.statusCode, response.body).toBe(400);
    },
  );

  it.each([
    ['assignee=bob', 'assignee'],
    ['assignee=', 'assignee'],
    ['assignee=me%40', 'assignee'],
    ['due=yesterday', 'due'],
    ['due=', 'due'],
    ['sort=title', 'sort'],
    ['sort=due&sort=due', 'sort'],
  ])('refuses %s with 400', async (query, field) => {
    const response = await h.request(dave, 'GET', `/api/actions/?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ field });
  });
});
