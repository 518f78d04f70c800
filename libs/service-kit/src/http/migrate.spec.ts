import { Module } from '@nestjs/common';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedPostgres } from '../database/embedded-postgres.js';
import { migrateService } from './migrate.js';
import type { ServiceDefinition } from './service-app.js';

class CreateWidgets1700000000001 implements MigrationInterface {
  name = 'CreateWidgets1700000000001';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE widget (id serial PRIMARY KEY, label text NOT NULL)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE widget`);
  }
}

@Module({})
class WidgetsModule {}

const widgets: ServiceDefinition = {
  name: 'svc-widgets',
  schema: 'widgets',
  defaultPort: 4999,
  module: WidgetsModule,
  entities: [],
  migrations: [CreateWidgets1700000000001],
  openapi: { title: 'widgets', description: 'test' },
};

describe('migrateService (the migration Job entry point)', () => {
  let db: EmbeddedPostgres;
  beforeAll(async () => {
    db = await EmbeddedPostgres.open('memory://');
  });
  afterAll(async () => {
    await db.close();
  });

  it('applies the service migrations once, in the service schema', async () => {
    const env = { LOG_LEVEL: 'silent' };
    const first = await migrateService(widgets, { env, shared: { embeddedDb: db } });
    expect(first).toEqual(['CreateWidgets1700000000001']);
    expect(await migrateService(widgets, { env, shared: { embeddedDb: db } })).toEqual([]);

    const lease = await db.lease('public');
    try {
      const tables = await lease.client.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'widgets'`,
      );
      expect(tables.rows.map((r) => r.table_name)).toContain('widget');
    } finally {
      lease.release();
    }
  });

  it('honours DATABASE_SCHEMA and refuses bad settings before touching the database', async () => {
    const applied = await migrateService(widgets, {
      env: { LOG_LEVEL: 'silent', DATABASE_SCHEMA: 'widgets_b' },
      shared: { embeddedDb: db },
    });
    expect(applied).toContain('CreateWidgets1700000000001');
    await expect(
      migrateService(widgets, { env: { DATABASE_SCHEMA: 'Bad-Name' }, shared: { embeddedDb: db } }),
    ).rejects.toThrow(/DATABASE_SCHEMA/);
  });
});
