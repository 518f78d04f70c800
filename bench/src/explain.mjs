#!/usr/bin/env node
// The query plans of the actions list and the hashtag suggestions on a generated data set, as
// svc-actions writes them, under EXPLAIN (ANALYZE, BUFFERS), for the typical, the heavy and the
// steady user. Every search starts from what the caller may read, so at 1M a full scan of the
// index table fails the run.
//
//   node bench/src/explain.mjs --size 1m [--only actions-tag,title] [--plans]
import '@meetings/service-kit/node-version';
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { ListActionsQuerySchema } from '@meetings/contracts';
import { createLogger, openDatabase } from '@meetings/service-kit';
import { actionsService } from '@meetings/svc-actions';
import { hashtagSuggestionsSql, listActionsQuery } from '@meetings/svc-actions/queries';
import { scenarios } from './api.mjs';
import { BENCH_USERS, STEADY_USER, databaseUrl, user } from './config.mjs';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '100k' },
    only: { type: 'string' },
    plans: { type: 'boolean', default: false },
  },
});

/** The list's queries: the benchmark's actions scenarios, and searches whose plans differ. */
const LISTS = {
  ...Object.fromEntries(
    scenarios(values.size)
      .filter((scenario) => scenario.service === 'actions')
      .map((scenario) => {
        const search = new URL(scenario.path(), 'http://bench').searchParams;
        return [scenario.id, Object.fromEntries(search)];
      }),
  ),
  'page 5, with completed': { page: '5', showCompleted: 'true' },
  'page 40': { page: '40' },
  'text, rare word': { search: 'zoneri' },
  'text, no match': { search: 'qqqq' },
  'title, few meetings': { search: 'Incident review Ember' },
  'title, many meetings': { search: 'retro' },
  'hashtag, rare': { hashtag: 'tag290' },
};
const SUGGESTIONS = { 'hashtag suggestions': 'rel', 'hashtag suggestions, no fragment': undefined };
const PEOPLE = { typical: BENCH_USERS[0], heavy: user(0), steady: STEADY_USER };

const only = values.only?.split(',');
const chosen = (name) => !only || only.some((word) => name.includes(word));

const dataSource = await openDatabase(
  { schema: 'actions', entities: actionsService.entities, migrations: actionsService.migrations },
  { url: databaseUrl(values.size), poolSize: 1, statementTimeoutMs: 60_000 },
  createLogger('explain', 'warn'),
  false,
);

/** Warmed once, as the benchmark's warm-up does, then explained: a server with its cache warm. */
async function explain(text, parameters) {
  await dataSource.query(text, parameters);
  const rows = await dataSource.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, parameters);
  const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
  return { plan, ms: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]) };
}

const fullScans = [];
try {
  for (const [who, person] of Object.entries(PEOPLE)) {
    const caller = { id: person.id, email: person.email, timeZone: 'UTC' };
    const queries = [
      ...Object.entries(LISTS).map(([name, query]) => {
        const parsed = ListActionsQuerySchema.parse({ pageSize: '25', ...query });
        return [name, listActionsQuery(dataSource, caller, parsed).getQueryAndParameters()];
      }),
      ...Object.entries(SUGGESTIONS).map(([name, fragment]) => {
        const { text, values: parameters } = hashtagSuggestionsSql(caller, fragment, 10);
        return [name, [text, parameters]];
      }),
    ];
    for (const [name, [text, parameters]] of queries.filter(([name]) => chosen(name))) {
      const { plan, ms } = await explain(text, parameters);
      const fullScan = /Seq Scan on indexed_action\b/.test(plan);
      if (fullScan) fullScans.push(`${name}, ${who} user`);
      console.log(
        `${ms.toFixed(1).padStart(8)} ms  ${who} user, ${name}${fullScan ? '  FULL SCAN' : ''}`,
      );
      if (values.plans) console.log(`${plan}\n`);
    }
  }
} finally {
  await dataSource.destroy();
}
if (fullScans.length > 0 && values.size === '1m') {
  console.error(`full scans of indexed_action at 1M: ${fullScans.join('; ')}`);
  process.exitCode = 1;
}
