#!/usr/bin/env node
// The query plan of the actions list scenarios on a generated data set, as svc-actions asks them:
// the SQL its query builder makes (from its build) for each scenario's query string, run under
// EXPLAIN (ANALYZE, BUFFERS) as the steady user and a typical bench user.
//
//   node bench/src/explain.mjs --size 100k [--only actions-mine-overdue,actions-mine-overdue-due]
import '@meetings/service-kit/node-version';
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { ListActionsQuerySchema } from '@meetings/contracts';
import { createLogger, openDatabase } from '@meetings/service-kit';
import { actionsService } from '@meetings/svc-actions';
import { listActionsQuery } from '@meetings/svc-actions/queries';
import { scenarios } from './api.mjs';
import { BENCH_USERS, STEADY_USER, databaseUrl } from './config.mjs';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '100k' },
    only: { type: 'string', default: 'actions-mine-overdue,actions-mine-overdue-due' },
  },
});
const only = values.only.split(',');
const chosen = scenarios(values.size).filter((s) => only.includes(s.id));
if (chosen.length === 0) throw new Error(`no scenario among ${values.only}`);

const dataSource = await openDatabase(
  { schema: 'actions', entities: actionsService.entities, migrations: actionsService.migrations },
  { url: databaseUrl(values.size), poolSize: 1, statementTimeoutMs: 60_000 },
  createLogger('explain', 'warn'),
  false,
);
try {
  for (const scenario of chosen) {
    const search = new URL(scenario.path(), 'http://bench').searchParams;
    const query = ListActionsQuerySchema.parse(Object.fromEntries(search));
    for (const [who, person] of [
      ['steady user', STEADY_USER],
      ['typical user', BENCH_USERS[0]],
    ]) {
      const caller = { id: person.id, email: person.email, timeZone: 'UTC' };
      const [text, parameters] = listActionsQuery(
        dataSource,
        caller,
        query,
      ).getQueryAndParameters();
      // The first run warms the cache as the benchmark's warm-up does; the second is shown.
      await dataSource.query(`EXPLAIN (ANALYZE) ${text}`, parameters);
      const plan = await dataSource.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, parameters);
      console.log(`\n== ${scenario.id} at ${values.size}, ${who} (${person.email})`);
      console.log(plan.map((row) => row['QUERY PLAN']).join('\n'));
    }
  }
} finally {
  await dataSource.destroy();
}
