import { driftAfterMigrations, testDatabases } from '@meetings/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { meetingsService } from '../src/app.js';
import { Harness } from './harness.js';

describe.each(testDatabases(0))('svc-meetings schema on $name', ({ connect }) => {
  it('is what the entities describe: after the migrations TypeORM has nothing to change', async () => {
    expect(await driftAfterMigrations(meetingsService, await connect())).toEqual([]);
  });
});

it('reverts and reapplies its migrations cleanly', async () => {
  const h = await Harness.start({ subscription: false });
  try {
    const db = h.meetings.dataSource;
    for (const _ of meetingsService.migrations) await db.undoLastMigration({ transaction: 'each' });
    const [left] = (await db.query(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name IN ('meeting', 'agenda_item', 'action_item')`,
    )) as { n: number }[];
    expect(left!.n).toBe(0);
    await db.runMigrations({ transaction: 'each' });
    expect((await db.driver.createSchemaBuilder().log()).upQueries).toEqual([]);
  } finally {
    await h.close();
  }
});
