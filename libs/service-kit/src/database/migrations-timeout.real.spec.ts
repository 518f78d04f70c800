import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './data-source.js';

// A migration may build an index over a large table for longer than a request may take; run at
// a service's start it must not inherit the request timeout (found at 1,000,000 actions, where
// svc-actions could not start: "canceling statement due to statement timeout").
const url = process.env.TEST_REAL === '1' ? process.env.TEST_DATABASE_URL : undefined;
const schema = `migtimeout_${randomUUID().slice(0, 8)}`;

class SlowMigration1700000000000 implements MigrationInterface {
  name = 'SlowMigration1700000000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`SELECT pg_sleep(1.5)`);
    await q.query(`CREATE TABLE slow_done (id int)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE slow_done`);
  }
}

afterAll(async () => {
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
});

describe.runIf(url)('migrations at start-up', () => {
  it('run without the request timeout, which still bounds every other query', async () => {
    const dataSource = await openDatabase(
      { schema, entities: [], migrations: [SlowMigration1700000000000] },
      { url: url!, poolSize: 2, statementTimeoutMs: 500 },
      pino({ level: 'silent' }),
      true,
    );
    try {
      expect(await dataSource.query(`SELECT count(*)::int AS n FROM slow_done`)).toEqual([
        { n: 0 },
      ]);
      await expect(dataSource.query(`SELECT pg_sleep(1.5)`)).rejects.toThrow(/statement timeout/);
    } finally {
      await dataSource.destroy();
    }
  });
});
