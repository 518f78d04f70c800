import { randomUUID } from 'node:crypto';
import { MAX_ACTION_ITEMS, MAX_BODY_BYTES, NOTES_MAX_LENGTH } from '@meetings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingWithContent, type MeetingFixture } from './fixtures/meetings.js';
import { MEETING_ROUTES, type MeetingRoute } from './fixtures/routes.js';
import { Harness, testUser, type Client, type TestUser } from './harness.js';

const MEGABYTE = 'x'.repeat(1024 * 1024);

let h: Harness;
let owner: Client;
let viewerUser: TestUser;
beforeAll(async () => {
  h = await Harness.start();
  owner = h.as(testUser());
  viewerUser = testUser();
});
afterAll(async () => {
  await h?.close();
});

interface Attempt {
  label: string;
  url: string;
  /** A string is sent as the raw body. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** Bodies that break the route's schema in every way we can think of, built from its valid body. */
function badBodies(route: MeetingRoute, fixture: MeetingFixture): Attempt[] {
  const url = route.url(fixture);
  const valid = route.body?.(fixture);
  // GET requests carry no body to break.
  const attempts: Attempt[] =
    route.method === 'GET'
      ? []
      : [{ label: 'malformed JSON', url, body: '{"title": "unterminated' }];
  if (valid === undefined) return attempts;
  const huge = route.name === 'update notes' ? 'x'.repeat(NOTES_MAX_LENGTH + 1) : MEGABYTE;
  attempts.push(
    { label: 'null', url, body: 'null' },
    { label: 'array', url, body: '[]' },
    { label: 'string', url, body: '"text"' },
    { label: 'number', url, body: '42' },
    { label: 'empty object', url, body: {} },
    { label: 'unknown field', url, body: { ...(valid as object), admin: true } },
    { label: 'unknown 1 MB field', url, body: { ...(valid as object), padding: MEGABYTE } },
    {
      label: 'prototype pollution',
      url,
      body: `{"__proto__": {"polluted": true}, ${JSON.stringify(valid).slice(1)}`,
    },
    {
      label: 'text/plain',
      url,
      body: JSON.stringify(valid),
      headers: { 'content-type': 'text/plain' },
    },
    {
      label: 'over the body limit',
      url,
      body: { ...(valid as object), padding: 'x'.repeat(MAX_BODY_BYTES + 1) },
    },
  );
  for (const [key, value] of Object.entries(valid as Record<string, unknown>)) {
    const wrong = (replacement: unknown) => ({ ...(valid as object), [key]: replacement });
    attempts.push(
      { label: `${key}: number`, url, body: wrong(12345) },
      { label: `${key}: null`, url, body: wrong(null) },
      { label: `${key}: object`, url, body: wrong({ $ne: null }) },
      { label: `${key}: array`, url, body: wrong(['a']) },
    );
    if (typeof value === 'string')
      attempts.push(
        { label: `${key}: huge string`, url, body: wrong(huge) },
        // Text PostgreSQL cannot store: a NUL, and a lone surrogate (JSON carries it, UTF-8 not).
        { label: `${key}: NUL`, url, body: wrong(`${value}\u0000`) },
        { label: `${key}: lone surrogate`, url, body: wrong(`${value}\ud800`) },
      );
    if (typeof value === 'boolean')
      attempts.push({ label: `${key}: "true"`, url, body: wrong('true') });
    if (Array.isArray(value)) {
      attempts.push(
        { label: `${key}: non-UUID id`, url, body: wrong([{ id: 'not-a-uuid', order: 1 }]) },
        { label: `${key}: bad order`, url, body: wrong([{ id: randomUUID(), order: -1 }]) },
        { label: `${key}: fractional order`, url, body: wrong([{ id: randomUUID(), order: 1.5 }]) },
        {
          label: `${key}: unknown entry field`,
          url,
          body: wrong([{ id: randomUUID(), order: 1, owner: 'x' }]),
        },
        {
          label: `${key}: too many entries`,
          url,
          body: wrong(
            Array.from({ length: MAX_ACTION_ITEMS + 1 }, (_, i) => ({
              id: randomUUID(),
              order: i,
            })),
          ),
        },
      );
    }
  }
  return attempts;
}

/** The route with its meeting id, then its item id, replaced by ids that are not UUIDs or name nothing. */
function badIds(route: MeetingRoute, fixture: MeetingFixture): Attempt[] {
  const valid = route.body?.(fixture);
  const url = route.url(fixture);
  const attempts: Attempt[] = [];
  const replacements = [
    'not-a-uuid',
    '1',
    encodeURIComponent("'; DROP TABLE meeting; --"),
    randomUUID().toUpperCase().replace(/-/g, ''),
    'x'.repeat(5000),
  ];
  for (const id of [fixture.meeting.id, fixture.agendaItemId, fixture.actionId].filter(
    (candidate) => url.includes(candidate),
  )) {
    for (const replacement of replacements)
      attempts.push({
        label: `id ${replacement.slice(0, 20)}`,
        url: url.replace(id, replacement),
        body: valid,
      });
    attempts.push({ label: 'unknown id', url: url.replace(id, randomUUID()), body: valid });
  }
  return attempts;
}

async function send(route: MeetingRoute, a: Attempt) {
  return owner.request(route.method, a.url, a.body, a.headers);
}

async function state(meetingId: string) {
  return { meeting: await owner.meeting(meetingId), events: (await h.events(meetingId)).length };
}

function expectClientError(
  response: { statusCode: number; body: string; json: <T>() => T },
  label: string,
) {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(
    400,
  );
  expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
  expect(response.json<{ statusCode: number; error: string }>(), label).toMatchObject({
    statusCode: response.statusCode,
    error: expect.any(String),
    requestId: expect.any(String),
  });
}

describe.each(MEETING_ROUTES)('$method $name', (route) => {
  it('answers bad bodies and bad ids with a 4xx and changes nothing', async () => {
    const fixture = await meetingWithContent(owner, {
      sharedWith: [viewerUser],
      recurrence: route.recurring ? 'FREQ=WEEKLY;BYDAY=MO' : undefined,
    });
    const before = await state(fixture.meeting.id);
    for (const a of [...badBodies(route, fixture), ...badIds(route, fixture)]) {
      expectClientError(await send(route, a), a.label);
    }
    expect(await state(fixture.meeting.id)).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('queries', () => {
  it('of the list refuse bad paging and search values', async () => {
    await owner.create('Listed');
    const bad = [
      'page=0',
      'page=-1',
      'page=abc',
      'page=1.5',
      'pageSize=0',
      'pageSize=101',
      'pageSize=x',
      `title=${MEGABYTE}`,
      'unknown=1',
      'page=1&page=2',
      'title[$ne]=x',
    ];
    for (const query of bad) expectClientError(await owner.get(`/api/meetings?${query}`), query);
    expect((await owner.get('/api/meetings?page=1&pageSize=100&title=List')).statusCode).toBe(200);
  });

  it('of previous actions refuse anything but showCompleted=true|false', async () => {
    const { id } = await owner.create('Listed');
    for (const query of [
      'showCompleted=1',
      'showCompleted=TRUE',
      `showCompleted=${MEGABYTE}`,
      'other=1',
      'showCompleted=true&showCompleted=false',
    ]) {
      expectClientError(await owner.get(`/api/meetings/${id}/previous-actions?${query}`), query);
    }
  });
});

describe('creating', () => {
  it('refuses bad bodies and creates nothing', async () => {
    const creator = h.as(testUser());
    const bodies: unknown[] = [
      '{"title": ',
      'null',
      '[]',
      {},
      { title: 42 },
      { title: null },
      { title: MEGABYTE },
      { title: 'ok', date: 'yesterday' },
      { title: 'ok', date: '2030-01-01' },
      { title: 'ok', date: MEGABYTE },
      { title: 'ok', owner: 'someone-else@example.com' },
      { title: 'ok', padding: MEGABYTE },
    ];
    for (const body of bodies)
      expectClientError(
        await creator.post('/api/meetings/create', body),
        JSON.stringify(body).slice(0, 60),
      );
    expect((await creator.get('/api/meetings')).json()).toMatchObject({ meetings: [] });
  });
});
