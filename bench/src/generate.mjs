#!/usr/bin/env node
// Data generator: 1,000 users and 1,000 / 10,000 / 100,000 meetings with 10k / 100k / 1M actions,
// written into each service's own schema exactly as the services write them (svc-auth users and
// sessions, svc-subscription plans, svc-meetings meetings with agenda, notes, shares and series,
// svc-actions' index with its lower-cased keys). Tables come from the services' own migrations.
//
//   node bench/src/generate.mjs --size 1m [--embedded] [--fresh]
//
// Why SQL and not the API: the API makes one meeting per request and 100,000 meetings with
// 1,000,000 actions would take hours on two cores; the index would be fed by as many events. The
// data is the same either way: it goes into the tables the services read, in their formats.
import '@meetings/service-kit/node-version';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import pg from 'pg';
import {
  ADMIN_URL,
  SIZES,
  USERS,
  databaseName,
  databaseUrl,
  embeddedDataDir,
  steadyMeetings,
  user,
} from './config.mjs';
import {
  BENCH_UUID_FUNCTION,
  GENERATOR_VERSION,
  LOADED_TABLES,
  SCHEMAS,
  indexSql,
  meetingsSql,
  subscriptionsSql,
  usersSql,
} from './seed-sql.mjs';

const BATCH = 2_500;

async function serviceDefinitions() {
  const [{ authService }, { subscriptionService }, { meetingsService }, { actionsService }] =
    await Promise.all([
      import('@meetings/svc-auth'),
      import('@meetings/svc-subscription'),
      import('@meetings/svc-meetings'),
      import('@meetings/svc-actions'),
    ]);
  return [authService, subscriptionService, meetingsService, actionsService];
}

/** The data set's marker: which generator made it, at what size. */
async function existingDataSet(query) {
  const [table] = (await query(`SELECT to_regclass('public.bench_dataset') IS NOT NULL AS present`))
    .rows;
  if (!table.present) return null;
  const [row] = (await query(`SELECT * FROM public.bench_dataset LIMIT 1`)).rows;
  return row ?? null;
}

/**
 * Makes (or keeps, when already made by this generator version) the data set of `size` on the
 * PostgreSQL server, or in an embedded (PGlite) data folder when `embedded`.
 */
export async function generate({ size, embedded = false, fresh = false, log = console.log }) {
  const spec = SIZES[size];
  if (!spec) throw new Error(`unknown size ${size}; one of ${Object.keys(SIZES).join(', ')}`);
  const started = Date.now();
  let db;
  if (embedded) db = await openEmbedded(size, fresh);
  else db = await openServer(size, fresh);
  try {
    const existing = await existingDataSet(db.query);
    if (existing && existing.version === GENERATOR_VERSION && existing.size === size && !fresh) {
      log(
        `data set ${size} (${embedded ? 'embedded' : databaseName(size)}) is already there: ${existing.meetings} meetings, ${existing.actions} actions`,
      );
      return existing;
    }
    // Anything else starts from empty: another generator version or size, or a run cut off
    // before it wrote its marker row (filling on top of its rows would repeat their keys).
    if (!fresh) {
      await db.close();
      db = embedded ? await openEmbedded(size, true) : await openServer(size, true);
    }
    await db.migrate();
    const result = await fill(db.query, spec, size, log);
    log(
      `generated ${size}: ${result.meetings} meetings, ${result.actions} actions in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    return result;
  } finally {
    await db.close();
  }
}

async function openServer(size, fresh) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = databaseName(size);
  if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const { rows } = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name]);
  if (rows.length === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = databaseUrl(size);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: (text, values) => client.query(text, values),
    async migrate() {
      const { migrateService } = await import('@meetings/service-kit');
      for (const definition of await serviceDefinitions())
        await migrateService(definition, { env: { DATABASE_URL: url, LOG_LEVEL: 'warn' } });
    },
    close: () => client.end(),
  };
}

async function openEmbedded(size, fresh) {
  const { rmSync } = await import('node:fs');
  const { EmbeddedPostgres, migrateService } = await import('@meetings/service-kit');
  const dir = embeddedDataDir(size);
  if (fresh) rmSync(dir, { recursive: true, force: true });
  const embedded = await EmbeddedPostgres.open(join(dir, 'pglite'));
  return {
    query: (text, values) => embedded.pglite.query(text, values).then((r) => ({ rows: r.rows })),
    async migrate() {
      for (const definition of await serviceDefinitions())
        await migrateService(definition, {
          env: { LOG_LEVEL: 'warn', DATA_DIR: dir },
          shared: { embeddedDb: embedded },
        });
    },
    close: () => embedded.close(),
  };
}

async function fill(query, spec, size, log) {
  const batches = Math.ceil(spec.meetings / BATCH);
  const indexes = [];
  for (const [schema, tables] of LOADED_TABLES) {
    const { rows } = await query(
      `SELECT i.schemaname, i.indexname, i.indexdef FROM pg_indexes i
       WHERE i.schemaname = $1 AND i.tablename = ANY($2::text[])
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
      [schema, tables],
    );
    indexes.push(...rows);
  }
  const bar = new cliProgress.SingleBar(
    {
      format: `${size} [{bar}] {percentage}% | {value}/{total} steps | {step} | {duration_formatted}`,
      noTTYOutput: true,
      notTTYSchedule: 5_000,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(3 + batches * 2 + indexes.length + 1, 0, { step: 'users, sessions, plans' });
  await query(BENCH_UUID_FUNCTION);
  // The load skips foreign-key triggers (rows are consistent by construction) and secondary indexes.
  await query(`SET session_replication_role = replica`);
  await query(`SET maintenance_work_mem = '256MB'`).catch(() => undefined);
  for (const index of indexes) await query(`DROP INDEX ${index.schemaname}.${index.indexname}`);
  // The 1,000 users and the steady user (the next number), each with a session and a plan.
  const people = USERS + 1;
  const sessions = Array.from({ length: people }, (_, n) => ({
    n,
    hash: createHash('sha256').update(user(n).sessionToken).digest('hex'),
  }));
  for (const statement of usersSql(people, sessions)) await query(statement.text, statement.values);
  bar.increment(1);
  const plans = subscriptionsSql(people);
  await query(plans.text, plans.values);
  bar.increment(2, { step: 'meetings, agenda, actions' });
  for (let b = 0; b < batches; b++) {
    const from = b * BATCH + 1;
    const to = Math.min(spec.meetings, from + BATCH - 1);
    for (const statement of meetingsSql(from, to, USERS, steadyMeetings(spec.meetings)))
      await query(statement.text, statement.values);
    bar.increment(1, {
      step: `meetings ${to.toLocaleString('en')}/${spec.meetings.toLocaleString('en')}`,
    });
  }
  for (let b = 0; b < batches; b++) {
    const from = b * BATCH + 1;
    const to = Math.min(spec.meetings, from + BATCH - 1);
    for (const statement of indexSql(from, to)) await query(statement.text, statement.values);
    bar.increment(1, {
      step: `action index ${to.toLocaleString('en')}/${spec.meetings.toLocaleString('en')}`,
    });
  }
  for (const index of indexes) {
    bar.update({ step: `index ${index.indexname}` });
    await query(index.indexdef);
    bar.increment(1);
  }
  await query(`SET session_replication_role = DEFAULT`);
  bar.update({ step: 'vacuum, analyze' });
  // As autovacuum leaves a loaded table: statistics, and a visibility map for index-only scans.
  for (const [schema, tables] of LOADED_TABLES)
    for (const table of tables) await query(`VACUUM ANALYZE ${schema}.${table}`);
  for (const table of [
    `${SCHEMAS.auth}.app_user`,
    `${SCHEMAS.auth}.session`,
    `${SCHEMAS.subscription}.subscription`,
  ])
    await query(`ANALYZE ${table}`);
  const [counts] = (
    await query(
      `SELECT (SELECT count(*)::int FROM ${SCHEMAS.meetings}.meeting) AS meetings,
              (SELECT count(*)::int FROM ${SCHEMAS.meetings}.action_item) AS actions,
              (SELECT count(*)::int FROM ${SCHEMAS.actions}.indexed_action) AS indexed`,
    )
  ).rows;
  if (counts.indexed !== counts.actions)
    throw new Error(`index has ${counts.indexed} of ${counts.actions} actions`);
  await query(`DROP FUNCTION public.bench_uuid(text)`);
  await query(
    `CREATE TABLE public.bench_dataset (size text, version int, users int, meetings int, actions int, generated_at timestamptz)`,
  );
  await query(`INSERT INTO public.bench_dataset VALUES ($1, $2, $3, $4, $5, now())`, [
    size,
    GENERATOR_VERSION,
    USERS,
    counts.meetings,
    counts.actions,
  ]);
  bar.increment(1, { step: 'done' });
  bar.stop();
  log(`  ${counts.meetings} meetings, ${counts.actions} actions (index: ${counts.indexed})`);
  return {
    size,
    version: GENERATOR_VERSION,
    users: USERS,
    meetings: counts.meetings,
    actions: counts.actions,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: '10k' },
      embedded: { type: 'boolean', default: false },
      fresh: { type: 'boolean', default: false },
    },
  });
  await generate({ size: values.size, embedded: values.embedded, fresh: values.fresh });
}
