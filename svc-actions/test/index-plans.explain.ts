import { createHash } from 'node:crypto';
import { appendFileSync, writeFileSync } from 'node:fs';
import { ListActionsQuerySchema } from '@meetings/contracts';
import { createLogger, openDatabase } from '@meetings/service-kit';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hashtagSuggestionsSql,
  listActionsQuery,
  type Caller,
  type SqlQuery,
} from '../src/actions/actions-query.js';
import { actionsService } from '../src/app.js';

/**
 * Query plans at the size the index is built for: 1,000 users, 100,000 meetings, 1,000,000 actions.
 * Opt-in (`npm run explain -w svc-actions`, TEST_DATABASE_URL defaults to the local server):
 * generating the data takes minutes. The data stays
 * in schema `actions_explain` for further EXPLAINs by hand; EXPLAIN_FRESH=1 makes it again.
 * Plans are written to EXPLAIN_OUT (default /tmp/svc-actions-plans.txt).
 */
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCHEMA = 'actions_explain';
const USERS = 1_000;
const MEETINGS = 100_000;
const ACTIONS_PER_MEETING = 10;
const OUT = process.env.EXPLAIN_OUT ?? '/tmp/svc-actions-plans.txt';

const user = (n: number): Caller => ({ id: uuidOf(`user${n}`), email: `user${n}@example.com` });
/** Owns 100 meetings and is shared on 10% of all meetings (about 100,000 actions): the worst case. */
const heavy = user(0);
/** Owns 100 meetings and is shared on about 150: the usual case. */
const typical = user(5);

let dataSource: DataSource;

describe('index plans at 1,000,000 actions', () => {
  beforeAll(async () => {
    dataSource = await openDatabase(
      { schema: SCHEMA, entities: actionsService.entities, migrations: actionsService.migrations },
      { url, poolSize: 2, statementTimeoutMs: 1_800_000 },
      createLogger('explain', 'warn'),
      true,
    );
    const [existing] = (await dataSource.query(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = $1 AND tablename = 'indexed_action'`,
      [SCHEMA],
    )) as { n: number }[];
    const filled =
      existing!.n > 0 &&
      (
        (await dataSource.query(`SELECT count(*)::int AS n FROM indexed_action`)) as { n: number }[]
      )[0]!.n >=
        MEETINGS * ACTIONS_PER_MEETING;
    if (!filled || process.env.EXPLAIN_FRESH === '1') await generate(dataSource);
    writeFileSync(OUT, `svc-actions index plans, ${new Date().toISOString()}\n`);
  }, 3_600_000);

  afterAll(async () => {
    await dataSource?.destroy();
  });

  const list = (caller: Caller, query: Record<string, string>): SqlQuery => {
    const [text, values] = listActionsQuery(
      dataSource,
      caller,
      ListActionsQuerySchema.parse(query),
    ).getQueryAndParameters();
    return { text, values };
  };

  it.each([
    ['typical user, first page of open actions', () => list(typical, {})],
    ['typical user, text search (common word)', () => list(typical, { search: 'budget' })],
    ['typical user, text search (rare word)', () => list(typical, { search: 'zoneri' })],
    ['typical user, text search (no match)', () => list(typical, { search: 'qqqq' })],
    ['typical user, hashtag', () => list(typical, { hashtag: 'release' })],
    [
      'typical user, page 5 with completed',
      () => list(typical, { page: '5', showCompleted: 'true' }),
    ],
    ['heavy user, first page of open actions', () => list(heavy, {})],
    ['heavy user, text search (common word)', () => list(heavy, { search: 'budget' })],
    ['heavy user, text search (rare word)', () => list(heavy, { search: 'zoneri' })],
    ['heavy user, text search (no match)', () => list(heavy, { search: 'qqqq' })],
    ['heavy user, one meeting by title', () => list(heavy, { search: 'Weekly sync 4240' })],
    ['heavy user, many meetings by title', () => list(heavy, { search: 'retro' })],
    ['heavy user, hashtag (popular)', () => list(heavy, { hashtag: 'release' })],
    ['heavy user, hashtag (rare)', () => list(heavy, { hashtag: 'tag290' })],
    ['heavy user, page 40', () => list(heavy, { page: '40' })],
    ['typical user, hashtag suggestions', () => hashtagSuggestionsSql(typical, 'rel', 10)],
    ['heavy user, hashtag suggestions', () => hashtagSuggestionsSql(heavy, 'rel', 10)],
    [
      'heavy user, hashtag suggestions, no fragment',
      () => hashtagSuggestionsSql(heavy, undefined, 10),
    ],
  ])('%s', async (name, build) => {
    const { plan, ms } = await explain(build());
    appendFileSync(OUT, `\n=== ${name} (${ms.toFixed(1)} ms)\n${plan}\n`);
    console.log(`${name}: ${ms.toFixed(1)} ms`);
    // Never a full scan of the million actions.
    expect(plan).not.toMatch(/Seq Scan on indexed_action/);
  });
});

async function explain(query: SqlQuery): Promise<{ plan: string; ms: number }> {
  // Warm once, then measure: the plan of a server with the index in its cache.
  await dataSource.query(query.text, query.values);
  const rows = (await dataSource.query(
    `EXPLAIN (ANALYZE, BUFFERS) ${query.text}`,
    query.values,
  )) as { 'QUERY PLAN': string }[];
  const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
  const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
  return { plan, ms };
}

/** Deterministic data: words, tags and sharing come from hashes of the row numbers. */
async function generate(db: DataSource): Promise<void> {
  const started = Date.now();
  await db.query(`TRUNCATE meeting_reader, indexed_action, indexed_meeting`);
  const common = [
    'budget',
    'review',
    'deploy',
    'customer',
    'design',
    'report',
    'follow',
    'update',
    'draft',
    'contract',
    'invoice',
    'hiring',
    'roadmap',
    'release',
    'testing',
    'meeting',
    'agenda',
    'client',
    'server',
    'backlog',
  ];
  const syllables = [
    'ka',
    'lo',
    'mi',
    'ne',
    'ru',
    'sa',
    'to',
    'vi',
    'ze',
    'po',
    'di',
    'fu',
    'ga',
    'he',
    'ji',
    'ko',
    'nu',
    'ri',
    'ta',
    'zo',
  ];
  const rare: string[] = [];
  for (const a of syllables)
    for (const b of syllables) for (const c of syllables) rare.push(`${a}${b}${c}`);
  const tags = [
    'release',
    'urgent',
    'backend',
    'frontend',
    'Design',
    'qa',
    'ops',
    'finance',
    'legal',
    'hr',
    ...Array.from({ length: 290 }, (_, i) => `tag${i + 10}`),
  ];
  const titles = [
    'Weekly sync',
    'Sprint planning',
    'Retro',
    'Design review',
    'Customer call',
    'Budget review',
    'Hiring panel',
    'Roadmap',
    'Standup',
    'Incident review',
  ];
  await db.query(`SET maintenance_work_mem = '256MB'`);
  await db.query(
    `INSERT INTO indexed_meeting (id, version, title, date, owner_id, owner_email, shared_with)
     SELECT md5('meeting' || m)::uuid, 1, ($1::text[])[1 + m % 10] || ' ' || m,
            timestamptz '2023-01-01' + (abs(hashtext('d' || m)) % 1000) * interval '1 day' + (m % 96) * interval '15 minutes',
            md5('user' || (m % ${USERS}))::uuid, 'user' || (m % ${USERS}) || '@example.com',
            ARRAY(SELECT 'user' || ((m + s * 37) % ${USERS}) || '@example.com' FROM generate_series(1, m % 4) s)
              || CASE WHEN m % 10 = 0 AND m % ${USERS} <> 0 THEN ARRAY['user0@example.com'] ELSE '{}'::text[] END
     FROM generate_series(1, ${MEETINGS}) m`,
    [titles],
  );
  for (let from = 1; from <= MEETINGS; from += 10_000) {
    await db.query(
      `INSERT INTO indexed_action (meeting_id, id, text, completed, "order", hashtags, hashtag_keys,
                                   meeting_title, meeting_date, owner_id, owner_email, shared_with)
       SELECT mt.id, md5('action' || m || '-' || n)::uuid,
              array_to_string(ARRAY(
                SELECT CASE WHEN abs(hashtext(m || ':' || n || ':' || k)) % 10 < 3
                            THEN ($1::text[])[1 + abs(hashtext('c' || m || ':' || n || ':' || k)) % array_length($1::text[], 1)]
                            ELSE ($2::text[])[1 + abs(hashtext('r' || m || ':' || n || ':' || k)) % array_length($2::text[], 1)] END
                FROM generate_series(1, 6) k), ' ') || (SELECT coalesce(string_agg(' #' || t, ''), '') FROM unnest(tags) t),
              abs(hashtext('done' || m || ':' || n)) % 10 < 6, n, tags, ARRAY(SELECT DISTINCT lower(t) FROM unnest(tags) t),
              mt.title, mt.date, mt.owner_id, mt.owner_email, mt.shared_with
       FROM generate_series($4::int, $5::int) m JOIN indexed_meeting mt ON mt.id = md5('meeting' || m)::uuid,
            generate_series(1, ${ACTIONS_PER_MEETING}) n,
            LATERAL (SELECT ARRAY(
              SELECT DISTINCT ($3::text[])[1 + floor(array_length($3::text[], 1) * power((abs(hashtext('t' || m || ':' || n || ':' || j)) % 10000) / 10000.0, 2))::int]
              FROM generate_series(1, abs(hashtext('tc' || m || ':' || n)) % 3) j) AS tags) tagged`,
      [common, rare, tags, from, Math.min(from + 9_999, MEETINGS)],
    );
  }
  await db.query(
    `INSERT INTO meeting_reader (meeting_id, reader, meeting_date, owner_id)
     SELECT m.id, r.reader, m.date, m.owner_id
     FROM indexed_meeting m CROSS JOIN LATERAL unnest(ARRAY[m.owner_id::text] || m.shared_with) AS r(reader)
     ON CONFLICT DO NOTHING`,
  );
  // As autovacuum leaves the tables: statistics, and a visibility map for index-only scans.
  for (const table of ['indexed_meeting', 'indexed_action', 'meeting_reader'])
    await db.query(`VACUUM ANALYZE ${table}`);
  console.log(
    `generated ${MEETINGS} meetings, ${MEETINGS * ACTIONS_PER_MEETING} actions in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

function uuidOf(text: string): string {
  // Same as md5(text)::uuid in PostgreSQL.
  const hex = createHash('md5').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
