import type { PreviousActionsResponse } from '@meetings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, type TestUser } from './harness.js';

// Against a real server the full target size; embedded, a smaller set that still makes the
// planner choose between indexes and scans (seeding a million rows into PGlite takes minutes).
const REAL = Boolean(process.env.TEST_DATABASE_URL);
const MEETINGS = REAL ? 100_000 : 20_000;
const ACTIONS_PER_MEETING = REAL ? 10 : 3;
const OWNERS = 1_000;
const SCANNED_TABLES = new Set(['meeting', 'action_item', 'agenda_item']);

let h: Harness;
let user: TestUser;

beforeAll(async () => {
  // The pg client gives up on a query after the request timeout; seeding needs longer.
  h = await Harness.start({ subscription: false, env: { REQUEST_TIMEOUT_MS: '120000' } });
  const db = h.meetings.dataSource;
  await db.transaction(async (seed) => {
    // Seeding a million rows takes longer than a request may.
    await seed.query('SET LOCAL statement_timeout = 0');
    // Owner k owns every meeting i with i % OWNERS = k, and sees two others' meetings shared with them.
    await seed.query(
      `INSERT INTO meeting (id, owner_id, owner_email, title, date, series_id, shared_with)
     SELECT gen_random_uuid(), md5('owner' || (i % $2))::uuid, 'owner' || (i % $2) || '@example.com',
            'Meeting ' || (i % ($2 * 5)) || ' weekly sync', timestamptz '2030-01-01' - make_interval(mins => i),
            md5('series' || (i % ($2 * 10)))::uuid,
            ARRAY['owner' || ((i + 7) % $2) || '@example.com', 'owner' || ((i + 13) % $2) || '@example.com']
     FROM generate_series(1, $1::int) AS i`,
      [MEETINGS, OWNERS],
    );
    await seed.query(
      `INSERT INTO action_item (id, meeting_id, text, completed, position, hashtags)
     SELECT gen_random_uuid(), m.id, 'Action ' || n || ' #tag' || n, n % 3 = 0, n, ARRAY['tag' || n]
     FROM meeting m CROSS JOIN generate_series(1, $1::int) AS n`,
      [ACTIONS_PER_MEETING],
    );
    await seed.query(
      `INSERT INTO agenda_item (id, meeting_id, text, position) SELECT gen_random_uuid(), id, 'Item', 1 FROM meeting`,
    );
  });
  await db.query('ANALYZE meeting; ANALYZE action_item; ANALYZE agenda_item');
  const [owner] = (await db.query(`SELECT md5('owner5')::uuid::text AS id`)) as { id: string }[];
  user = { id: owner!.id, email: 'owner5@example.com' };
}, 900_000);

afterAll(async () => {
  await h?.close();
});

interface Captured {
  sql: string;
  params: unknown[];
}

/** Runs a request and returns every query it sent outside a transaction, with its duration. */
async function traced(url: string): Promise<{ queries: Captured[]; ms: number; body: unknown }> {
  const db = h.meetings.dataSource;
  const original = db.query.bind(db);
  const queries: Captured[] = [];
  db.query = (async (sql: string, params?: unknown[]) => {
    queries.push({ sql, params: params ?? [] });
    return original(sql, params);
  }) as typeof db.query;
  try {
    const started = performance.now();
    const response = await h.as(user).get(url);
    const ms = performance.now() - started;
    expect(response.statusCode, response.body).toBe(200);
    return { queries, ms, body: response.json() };
  } finally {
    db.query = original;
  }
}

/** Tables read from start to end by a plan. */
async function sequentialScans(query: Captured): Promise<string[]> {
  const [row] = (await h.meetings.dataSource.query(
    `EXPLAIN (FORMAT JSON) ${query.sql}`,
    query.params,
  )) as { 'QUERY PLAN': unknown }[];
  const scans: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (node['Node Type'] === 'Seq Scan' && SCANNED_TABLES.has(String(node['Relation Name'])))
      scans.push(String(node['Relation Name']));
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  const plan = row!['QUERY PLAN'];
  if (process.env.SHOW_PLANS)
    process.stderr.write(`PLAN ${query.sql}\n${JSON.stringify(plan, null, 1)}\n`);
  walk((Array.isArray(plan) ? plan[0] : JSON.parse(String(plan))[0]).Plan);
  return scans;
}

describe(`at ${MEETINGS.toLocaleString('en')} meetings and ${(MEETINGS * ACTIONS_PER_MEETING).toLocaleString('en')} actions`, () => {
  it.each([
    ['the first page of the list', () => '/api/meetings'],
    ['a deep page of the list', () => `/api/meetings?page=${REAL ? 8 : 2}&pageSize=25`],
    ['a title search', () => '/api/meetings?title=weekly%20sy'],
    ['a short title search', () => '/api/meetings?title=4'],
  ])('%s reads indexes only', async (_label, url) => {
    const { queries, ms, body } = await traced(url());
    expect((body as { meetings: unknown[] }).meetings.length).toBeGreaterThan(0);
    for (const query of queries) expect(await sequentialScans(query), query.sql).toEqual([]);
    process.stderr.write(`scale: ${url()} ${ms.toFixed(1)} ms\n`);
    expect(ms).toBeLessThan(2_000);
  });

  it('a meeting page and its previous actions read indexes only', async () => {
    const list = (await traced('/api/meetings?pageSize=100')).body as {
      meetings: { id: string; isOwner: boolean }[];
    };
    const latest = list.meetings.find((m) => m.isOwner)!;
    for (const url of [
      `/api/meetings/${latest.id}`,
      `/api/meetings/${latest.id}/previous-actions`,
      `/api/meetings/${latest.id}/previous-actions?showCompleted=true`,
    ]) {
      const { queries, ms, body } = await traced(url);
      for (const query of queries) expect(await sequentialScans(query), query.sql).toEqual([]);
      if (url.includes('previous'))
        expect((body as PreviousActionsResponse).meetings.length).toBeGreaterThan(0);
      process.stderr.write(`scale: ${url} ${ms.toFixed(1)} ms\n`);
      expect(ms).toBeLessThan(2_000);
    }
  });
});
