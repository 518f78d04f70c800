import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transientFailure } from '../errors/transient.js';
import { openDatabase, type DatabaseConnection } from './data-source.js';
import { testDatabases } from '../testing/index.js';

class CreateItems1700000000000 implements MigrationInterface {
  name = 'CreateItems1700000000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE item (id int PRIMARY KEY, label text NOT NULL, at timestamptz NOT NULL DEFAULT now(), big bigint NOT NULL DEFAULT 9007199254740993)`,
    );
    await q.query(`INSERT INTO item (id, label) VALUES (1, 'one'), (2, 'two')`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE item`);
  }
}

const logger = pino({ level: 'silent' });

/** The same contract on both databases a service runs on. */
const databases = testDatabases(500);

describe.each(databases)('reads on $name', ({ connect }) => {
  const schema = `sqlrows_${randomUUID().slice(0, 8)}`;
  let connection: DatabaseConnection;
  let dataSource: DataSource;

  beforeAll(async () => {
    connection = await connect();
    dataSource = await openDatabase(
      { schema, entities: [], migrations: [CreateItems1700000000000] },
      connection,
      logger,
      true,
    );
  });

  afterAll(async () => {
    if (connection?.url) await dataSource?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await dataSource?.destroy();
    await connection?.embedded?.close();
  });

  it('reads in the service schema, typed as TypeORM types them', async () => {
    {
      const rows = (await dataSource.query(
        `SELECT id, label, at, big FROM item WHERE id = ANY($1) ORDER BY id`,
        [[1, 2]],
      )) as { id: number; label: string; at: Date; big: string }[];
      expect(rows.map((row) => [row.id, row.label])).toEqual([
        [1, 'one'],
        [2, 'two'],
      ]);
      expect(rows[0]!.at).toBeInstanceOf(Date);
      expect(rows[0]!.big).toBe('9007199254740993');
    }
  });

  it('reports a bad statement as the database error it is, not as transient', async () => {
    const error = await dataSource.query(`SELECT missing FROM item`).catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe('42703');
    expect(transientFailure(error)).toBeNull();
  });
});
