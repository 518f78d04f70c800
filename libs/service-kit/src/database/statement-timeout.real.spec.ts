import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transientFailure } from '../errors/transient.js';
import { openDatabase } from './data-source.js';

// The request timeout bounds every statement, and running out of it answers 504 rather than 500.
const url = process.env.TEST_REAL === '1' ? process.env.TEST_DATABASE_URL : undefined;
const schema = `sqltimeout_${randomUUID().slice(0, 8)}`;
let dataSource: DataSource;

beforeAll(async () => {
  if (!url) return;
  dataSource = await openDatabase(
    { schema, entities: [], migrations: [] },
    { url, poolSize: 2, statementTimeoutMs: 500 },
    pino({ level: 'silent' }),
    true,
  );
});

afterAll(async () => {
  if (!dataSource) return;
  await dataSource.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await dataSource.destroy();
});

describe.runIf(url)('reads on PostgreSQL', () => {
  it('keep the request timeout, and a timeout reads as transient', async () => {
    const error = await dataSource.query(`SELECT pg_sleep(1.5)`).catch((e: unknown) => e);
    expect(String(error)).toMatch(/statement timeout/);
    expect(transientFailure(error)).toBe('timeout');
    // The connection that timed out goes back to the pool in working order.
    expect(await dataSource.query(`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });
});
