import type pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { EmbeddedPostgres } from './embedded-postgres.js';
import { openDatabase } from './data-source.js';

class CreateNotes1700000000000 implements MigrationInterface {
  name = 'CreateNotes1700000000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE note (id serial PRIMARY KEY, body text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), big bigint NOT NULL DEFAULT 9007199254740993)`,
    );
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE note`);
  }
}

/** The same table under a squashed history's new name. */
class CreateNotesAgain1800000000000 extends CreateNotes1700000000000 {
  override name = 'CreateNotesAgain1800000000000';
}

const logger = pino({ level: 'silent' });

describe('embedded PostgreSQL shared by several services', () => {
  let db: EmbeddedPostgres;
  beforeAll(async () => {
    db = await EmbeddedPostgres.open('memory://');
  });
  afterAll(async () => {
    await db.close();
  });

  it('keeps each service in its own schema and isolates concurrent transactions', async () => {
    const conn = { embedded: db, poolSize: 1, statementTimeoutMs: 5000 };
    const a = await openDatabase(
      { schema: 'svc_a', entities: [], migrations: [CreateNotes1700000000000] },
      conn,
      logger,
      true,
    );
    const b = await openDatabase(
      { schema: 'svc_b', entities: [], migrations: [CreateNotes1700000000000] },
      conn,
      logger,
      true,
    );

    // A rollback in one service's transaction must not undo another's concurrent insert.
    const failing = a.transaction(async (m) => {
      await m.query(`INSERT INTO note (body) VALUES ('doomed')`);
      await new Promise((r) => setTimeout(r, 20));
      throw new Error('boom');
    });
    const succeeding = b.transaction(async (m) => {
      await m.query(`INSERT INTO note (body) VALUES ('kept')`);
    });
    const plain = Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        a.query(`INSERT INTO note (body) VALUES ($1)`, [`n${i}`]),
      ),
    );
    await expect(failing).rejects.toThrow('boom');
    await succeeding;
    await plain;

    expect((await b.query(`SELECT body FROM note`)).map((r: { body: string }) => r.body)).toEqual([
      'kept',
    ]);
    const rows = await a.query(`SELECT body, created_at, big FROM note ORDER BY id`);
    expect(rows).toHaveLength(20);
    expect(rows.some((r: { body: string }) => r.body === 'doomed')).toBe(false);
    // Types parse as the pg driver does against a server: timestamptz as Date, bigint as text.
    expect(rows[0].created_at).toBeInstanceOf(Date);
    expect(rows[0].big).toBe('9007199254740993');

    const [{ count }] = await a.query(`SELECT count(*)::int AS count FROM svc_b.note`);
    expect(count).toBe(1);
    await a.destroy();
    await b.destroy();
  });

  it("answers pg's pool.query on the driver's pool, as rate-limiter-flexible's typeorm store calls it", async () => {
    const conn = { embedded: db, poolSize: 1, statementTimeoutMs: 5000 };
    const source = await openDatabase(
      { schema: 'svc_e', entities: [], migrations: [] },
      conn,
      logger,
      true,
    );
    const pool = (source.driver as unknown as { master: pg.Pool }).master;
    const result = await pool.query({
      name: 'svc_e:schema',
      text: 'SELECT current_schema() AS schema, $1::int AS n',
      values: [7],
    });
    expect(result.rows).toEqual([{ schema: 'svc_e', n: 7 }]);
    await source.destroy();
  });

  it('runs migrations once and records them', async () => {
    const conn = { embedded: db, poolSize: 1, statementTimeoutMs: 5000 };
    const first = await openDatabase(
      { schema: 'svc_c', entities: [], migrations: [CreateNotes1700000000000] },
      conn,
      logger,
      true,
    );
    await first.destroy();
    const again = await openDatabase(
      { schema: 'svc_c', entities: [], migrations: [CreateNotes1700000000000] },
      conn,
      logger,
      true,
    );
    const applied = await again.query(`SELECT name FROM svc_c.migrations`);
    expect(applied).toEqual([{ name: 'CreateNotes1700000000000' }]);
    await again.destroy();
  });

  it('refuses a schema another build migrated, and leaves it as it was', async () => {
    const conn = { embedded: db, poolSize: 1, statementTimeoutMs: 5000 };
    const older = await openDatabase(
      { schema: 'svc_d', entities: [], migrations: [CreateNotes1700000000000] },
      conn,
      logger,
      true,
    );
    await older.destroy();
    await expect(
      openDatabase(
        { schema: 'svc_d', entities: [], migrations: [CreateNotesAgain1800000000000] },
        conn,
        logger,
        true,
      ),
    ).rejects.toThrow(
      'The database schema "svc_d" was made by another build of this service (it has run CreateNotes1700000000000',
    );
    const reader = await openDatabase(
      { schema: 'svc_d', entities: [], migrations: [] },
      conn,
      logger,
      false,
    );
    expect(await reader.query(`SELECT name FROM svc_d.migrations`)).toEqual([
      { name: 'CreateNotes1700000000000' },
    ]);
    await reader.destroy();
  });
});
