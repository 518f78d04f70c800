import { afterAll, beforeAll, expect, it } from 'vitest';
import { action, FakeMeetings } from './fake-meetings.js';
import { ActionsHarness, expectedView } from './harness.js';
import { testUser } from '@meetings/service-kit/testing';

let h: ActionsHarness;
beforeAll(async () => {
  h = await ActionsHarness.start();
});
afterAll(async () => {
  await h?.close();
});

it('reverts and reapplies every migration cleanly, the reader rows filled from the meetings', async () => {
  const meetings = new FakeMeetings();
  const owner = testUser('owner@example.com');
  const shared = meetings.create(owner, {
    sharedWith: ['Ann@Example.com', 'owner@example.com'],
    actions: [action('Send the minutes', 1)],
  });
  await h.feed(h.upserted(shared));
  const db = h.service.dataSource;

  // The last migration alone: its backfill makes the reader rows of the meetings already indexed.
  await db.undoLastMigration({ transaction: 'each' });
  await db.runMigrations({ transaction: 'each' });
  expect(await h.indexed(shared.id)).toEqual(expectedView(meetings.get(shared.id)));

  for (let i = 0; i < db.migrations.length; i++)
    await db.undoLastMigration({ transaction: 'each' });
  const [left] = (await db.query(
    `SELECT count(*)::int AS n FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_name IN ('indexed_meeting', 'indexed_action', 'meeting_reader')`,
  )) as { n: number }[];
  expect(left!.n).toBe(0);
  await db.runMigrations({ transaction: 'each' });
  expect(await h.dumpIndex()).toEqual([]);
});
