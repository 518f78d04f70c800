import {
  ListActionsResponseSchema,
  type ListActionsResponse,
  type MeetingSnapshot,
} from '@meetings/contracts';
import { testUser, type TestUser } from '@meetings/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action, FakeMeetings } from './fake-meetings.js';
import { ActionsHarness } from './harness.js';

let h: ActionsHarness;
const meetings = new FakeMeetings();
const alice = testUser('alice@example.com');
const bob = testUser('bob@example.com');
const carol = testUser('carol@example.com');
let standup: MeetingSnapshot;
let retro: MeetingSnapshot;
let carolsOwn: MeetingSnapshot;

beforeAll(async () => {
  h = await ActionsHarness.start();
  standup = meetings.create(alice, {
    title: 'Daily Standup',
    date: '2025-09-10T09:00:00.000Z',
    sharedWith: ['Bob@Example.com'],
    actions: [
      action('Fix the login bug #urgent #backend', 2),
      action('Write 100% coverage report', 1),
      action('Deploy to staging #Backend', 3, true),
    ],
  });
  retro = meetings.create(alice, {
    title: 'Sprint retro',
    date: '2025-09-12T15:00:00.000Z',
    actions: [action('Collect feedback #urgently', 1), action('Plan next sprint #planning', 2)],
  });
  carolsOwn = meetings.create(carol, {
    title: 'Carol private',
    date: '2025-09-11T10:00:00.000Z',
    actions: [action('Secret roadmap #urgent #confidential', 1)],
  });
  for (const meeting of [standup, retro, carolsOwn]) await h.feed(h.upserted(meeting));
});

afterAll(async () => {
  await h?.close();
});

async function list(user: TestUser, query = ''): Promise<ListActionsResponse> {
  const response = await h.request(user, 'GET', `/api/actions/${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return ListActionsResponseSchema.parse(response.json());
}

function texts(page: ListActionsResponse): string[] {
  return page.meetings.flatMap((m) => m.actions.map((a) => a.text));
}

describe('GET /api/actions/: visibility', () => {
  it('shows the owner their meetings, newest first, open actions by order, in the API shape', async () => {
    const page = await list(alice);
    expect(page).toMatchObject({ page: 1, pageSize: 25, hasMore: false });
    expect(page.meetings.map((m) => m.title)).toEqual(['Sprint retro', 'Daily Standup']);
    const [first] = page.meetings;
    expect(first).toEqual({
      _id: retro.id,
      id: retro.id,
      title: 'Sprint retro',
      date: '2025-09-12T15:00:00.000Z',
      owner: { _id: alice.id, id: alice.id, email: alice.email },
      actions: retro.actions.map((a) => ({
        _id: a.id,
        id: a.id,
        text: a.text,
        completed: false,
        order: a.order,
        hashtags: a.hashtags,
        assignee: null,
        dueDate: null,
      })),
    });
    expect(texts(page)).toEqual([
      'Collect feedback #urgently',
      'Plan next sprint #planning',
      'Write 100% coverage report',
      'Fix the login bug #urgent #backend',
    ]);
  });

  it('shows a shared user the meetings shared with their e-mail, whatever its case', async () => {
    const page = await list(bob);
    expect(page.meetings.map((m) => m.id)).toEqual([standup.id]);
    expect(page.meetings[0]!.owner.email).toBe(alice.email);
    const shouting = { ...bob, email: 'BOB@EXAMPLE.COM' };
    expect((await list(shouting)).meetings.map((m) => m.id)).toEqual([standup.id]);
  });

  it('shows a stranger nothing of others', async () => {
    const stranger = testUser();
    expect((await list(stranger)).meetings).toEqual([]);
    expect((await list(carol)).meetings.map((m) => m.id)).toEqual([carolsOwn.id]);
  });

  it('refuses a caller without a valid token', async () => {
    expect((await h.request(null, 'GET', '/api/actions/')).statusCode).toBe(401);
    const forged = await h.runtime.tokens.forged(alice);
    expect(
      (
        await h.request(null, 'GET', '/api/actions/', undefined, {
          authorization: `Bearer ${forged}`,
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/actions/: filters', () => {
  it('includes completed actions only with showCompleted=true', async () => {
    expect(texts(await list(alice, 'showCompleted=false'))).not.toContain(
      'Deploy to staging #Backend',
    );
    const all = await list(alice, 'showCompleted=true');
    expect(texts(all)).toContain('Deploy to staging #Backend');
    expect(all.meetings[1]!.actions.map((a) => [a.order, a.completed])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
  });

  it('searches action text as a case-insensitive substring', async () => {
    expect(texts(await list(alice, 'search=LOGIN'))).toEqual([
      'Fix the login bug #urgent #backend',
    ]);
    expect(texts(await list(alice, 'search=%20Coverage%20'))).toEqual([
      'Write 100% coverage report',
    ]);
  });

  it('searches meeting titles: every action of a matching meeting', async () => {
    expect(texts(await list(alice, 'search=retro'))).toEqual([
      'Collect feedback #urgently',
      'Plan next sprint #planning',
    ]);
    expect(texts(await list(bob, 'search=STANDUP&showCompleted=true'))).toHaveLength(3);
  });

  it('takes % and _ in the search text literally', async () => {
    expect(texts(await list(alice, 'search=100%25'))).toEqual(['Write 100% coverage report']);
    expect(texts(await list(alice, 'search=%25'))).toEqual(['Write 100% coverage report']);
    expect(texts(await list(alice, 'search=_'))).toEqual([]);
  });

  it('filters by an exact hashtag, without case, with or without #', async () => {
    expect(texts(await list(alice, 'hashtag=urgent'))).toEqual([
      'Fix the login bug #urgent #backend',
    ]);
    expect(texts(await list(alice, 'hashtag=%23URGENT'))).toEqual([
      'Fix the login bug #urgent #backend',
    ]);
    expect(texts(await list(alice, 'hashtag=backend&showCompleted=true'))).toEqual([
      'Fix the login bug #urgent #backend',
      'Deploy to staging #Backend',
    ]);
    expect(texts(await list(alice, 'hashtag=urg'))).toEqual([]);
  });

  it('combines search, hashtag and the completed filter', async () => {
    expect(texts(await list(alice, 'search=staging&hashtag=backend'))).toEqual([]);
    expect(texts(await list(alice, 'search=staging&hashtag=backend&showCompleted=true'))).toEqual([
      'Deploy to staging #Backend',
    ]);
    expect(texts(await list(bob, 'hashtag=urgent'))).toEqual([
      'Fix the login bug #urgent #backend',
    ]);
    expect(texts(await list(carol, 'hashtag=urgent'))).toEqual([
      'Secret roadmap #urgent #confidential',
    ]);
  });

  it('treats an empty search or hashtag as no filter', async () => {
    expect(texts(await list(alice, 'search=%20%20&hashtag='))).toHaveLength(4);
  });
});

describe('GET /api/actions/: paging over actions', () => {
  const dave = testUser();
  const expected: string[] = [];

  beforeAll(async () => {
    // 30 open actions over three meetings, the middle one straddling the 25-action page boundary.
    const plan: [string, number][] = [
      ['2025-11-03T09:00:00.000Z', 10],
      ['2025-11-02T09:00:00.000Z', 18],
      ['2025-11-01T09:00:00.000Z', 2],
    ];
    for (const [date, count] of plan) {
      const actions = Array.from({ length: count }, (_, i) =>
        action(`${date.slice(0, 10)} action ${String(i + 1).padStart(2, '0')}`, i + 1),
      );
      expected.push(...actions.map((a) => a.text));
      await h.feed(
        h.upserted(meetings.create(dave, { title: `Meeting ${date.slice(0, 10)}`, date, actions })),
      );
    }
  });

  it('pages 25 actions at a time, grouped by meeting, hasMore until the end', async () => {
    const first = await list(dave);
    expect(first).toMatchObject({ page: 1, pageSize: 25, hasMore: true });
    expect(texts(first)).toEqual(expected.slice(0, 25));
    expect(first.meetings.map((m) => m.actions.length)).toEqual([10, 15]);

    const second = await list(dave, 'page=2');
    expect(second).toMatchObject({ page: 2, pageSize: 25, hasMore: false });
    expect(texts(second)).toEqual(expected.slice(25));
    expect(second.meetings.map((m) => m.actions.length)).toEqual([3, 2]);
    expect(second.meetings[0]!.id).toBe(first.meetings[1]!.id);

    expect((await list(dave, 'page=3')).meetings).toEqual([]);
  });

  it('honours pageSize, and says no more when the last page is exactly full', async () => {
    expect(texts(await list(dave, 'pageSize=10&page=2'))).toEqual(expected.slice(10, 20));
    expect(await list(dave, 'pageSize=10&page=3')).toMatchObject({ hasMore: false });
    expect(await list(dave, 'pageSize=15&page=2')).toMatchObject({ hasMore: false });
  });
});

describe("GET /api/actions/: text search over the caller's meetings", () => {
  const erin = testUser('erin@example.com');
  const frank = testUser('frank@example.com');

  it('pages a search in list order across owned and shared meetings, each action once', async () => {
    // Erin owns two meetings (one shared with her own e-mail) and is shared on Frank's, between them.
    const dates = [
      '2025-12-03T09:00:00.000Z',
      '2025-12-02T09:00:00.000Z',
      '2025-12-01T09:00:00.000Z',
    ];
    const owners = [erin, frank, erin];
    const expected: string[] = [];
    for (const [index, date] of dates.entries()) {
      const actions = Array.from({ length: 12 }, (_, i) =>
        action(
          `${date.slice(0, 10)} ${i % 2 ? 'invoice' : 'other'} ${String(i + 1).padStart(2, '0')}`,
          i + 1,
        ),
      );
      expected.push(...actions.map((a) => a.text).filter((text) => text.includes('invoice')));
      await h.feed(
        h.upserted(
          meetings.create(owners[index]!, {
            title: `Billing ${index}`,
            date,
            sharedWith: ['Erin@Example.com'],
            actions,
          }),
        ),
      );
    }
    const first = await list(erin, 'search=INVOICE&pageSize=10');
    expect(first.hasMore).toBe(true);
    expect(texts(first)).toEqual(expected.slice(0, 10));
    const second = await list(erin, 'search=INVOICE&pageSize=10&page=2');
    expect(second.hasMore).toBe(false);
    expect(texts(second)).toEqual(expected.slice(10));
    expect(texts(await list(frank, 'search=invoice'))).toEqual(expected.slice(6, 12));
  });

  it('follows sharing, a new date and a deletion', async () => {
    const created = meetings.create(frank, {
      title: 'Vendor sync',
      date: '2025-08-01T09:00:00.000Z',
      actions: [action('Renew the licence', 1)],
    });
    await h.feed(h.upserted(created));
    expect(texts(await list(erin, 'search=licence'))).toEqual([]);

    await h.feed(
      h.upserted(meetings.change(created.id, (m) => (m.sharedWith = ['erin@example.com']))),
    );
    expect(texts(await list(erin, 'search=licence'))).toEqual(['Renew the licence']);

    // Moved to the newest date: first in the search now, ahead of Erin's December meetings.
    await h.feed(
      h.upserted(meetings.change(created.id, (m) => (m.date = '2026-01-05T09:00:00.000Z'))),
    );
    const page = await list(erin, 'search=e&pageSize=1');
    expect(page.meetings.map((m) => [m.id, m.date])).toEqual([
      [created.id, '2026-01-05T09:00:00.000Z'],
    ]);

    await h.feed(h.upserted(meetings.change(created.id, (m) => (m.sharedWith = []))));
    expect(texts(await list(erin, 'search=licence'))).toEqual([]);
    expect(texts(await list(frank, 'search=licence'))).toEqual(['Renew the licence']);

    await h.feed(h.deleted(meetings.remove(created.id)));
    expect(texts(await list(frank, 'search=licence'))).toEqual([]);
  });
});

describe('GET /api/actions/hashtags', () => {
  async function suggest(user: TestUser, query = ''): Promise<string[]> {
    const response = await h.request(
      user,
      'GET',
      `/api/actions/hashtags${query ? `?${query}` : ''}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ hashtags: string[] }>().hashtags;
  }

  it('suggests distinct visible tags containing the fragment, prefix matches first', async () => {
    expect(await suggest(alice, 'q=urg')).toEqual(['urgent', 'urgently']);
    expect(await suggest(alice, 'q=END')).toEqual(['backend']);
    expect(await suggest(alice, 'q=%23plan')).toEqual(['planning']);
    expect(await suggest(alice, 'q=ent')).toEqual(['urgent', 'urgently']);
  });

  it('never suggests tags from meetings the caller cannot see', async () => {
    expect(await suggest(alice, 'q=confid')).toEqual([]);
    expect(await suggest(carol, 'q=confid')).toEqual(['confidential']);
    expect(await suggest(bob)).toEqual(expect.arrayContaining(['urgent', 'backend']));
    expect(await suggest(bob)).not.toContain('planning');
  });

  it('lists the most used first without a fragment, and honours limit', async () => {
    expect((await suggest(alice))[0]).toBe('backend');
    expect(await suggest(alice, 'limit=2')).toHaveLength(2);
  });
});

describe('bad input is a 400, never a 5xx', () => {
  it.each([
    ['/api/actions/?extra=1', 'unknown field'],
    ['/api/actions/?page=0', 'page below 1'],
    ['/api/actions/?page=abc', 'page not a number'],
    ['/api/actions/?pageSize=101', 'page too large'],
    ['/api/actions/?showCompleted=yes', 'not a boolean'],
    ['/api/actions/?hashtag=two%20words', 'hashtag with a space'],
    [`/api/actions/?search=${'x'.repeat(201)}`, 'search too long'],
    ['/api/actions/hashtags?limit=0', 'limit below 1'],
    ['/api/actions/hashtags?q=a%25b', 'fragment not a hashtag'],
    ['/api/actions/hashtags?other=1', 'unknown field'],
  ])('%s (%s)', async (url) => {
    const response = await h.request(alice, 'GET', url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
