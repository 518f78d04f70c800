import { afterAll, describe, expect, it } from 'vitest';
import type { EmbeddedPostgres } from '../database/embedded-postgres.js';
import { freshEmbeddedDatabase } from './pristine-cluster.js';

describe('a fresh embedded database for a test', () => {
  const opened: EmbeddedPostgres[] = [];
  afterAll(async () => {
    for (const db of opened) await db.close();
  });
  const open = async () => {
    const db = await freshEmbeddedDatabase();
    opened.push(db);
    return db;
  };

  it('is a new cluster each time: what one test writes, the next never sees', async () => {
    const first = await open();
    await first.pglite.exec(
      'CREATE TABLE left_behind (id int); INSERT INTO left_behind VALUES (1)',
    );
    const second = await open();
    const { rows } = await second.pglite.query<{ name: string | null }>(
      `SELECT to_regclass('public.left_behind')::text AS name`,
    );
    expect(rows).toEqual([{ name: null }]);
    const schemas = await second.pglite.query<{ nspname: string }>(
      `SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' ORDER BY nspname`,
    );
    expect(schemas.rows.map((r) => r.nspname)).toEqual(['information_schema', 'public']);
  });

  it('has the extensions the services migrate with', async () => {
    const db = await open();
    await db.pglite.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const { rows } = await db.pglite.query<{ similar: boolean }>(
      `SELECT 'meeting' % 'meetings' AS similar`,
    );
    expect(rows).toEqual([{ similar: true }]);
  });
});
