import { afterAll, beforeAll, expect, it } from 'vitest';
import { Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start({ subscription: false });
});
afterAll(async () => {
  await h?.close();
});

it('has entities that match the migrated schema (no drift)', async () => {
  const pending = await h.meetings.dataSource.driver.createSchemaBuilder().log();
  expect(pending.upQueries.map((query) => query.query)).toEqual([]);
});

it('reverts and reapplies every migration cleanly', async () => {
  const db = h.meetings.dataSource;
  const count = db.migrations.length;
  for (let i = 0; i < count; i++) await db.undoLastMigration({ transaction: 'each' });
  const [left] = (await db.query(
    `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name IN ('meeting', 'agenda_item', 'action_item')`,
  )) as { n: number }[];
  expect(left!.n).toBe(0);
  await db.runMigrations({ transaction: 'each' });
  expect((await db.driver.createSchemaBuilder().log()).upQueries).toEqual([]);
});
