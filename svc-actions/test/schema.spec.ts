import { driftAfterMigrations, testDatabases } from '@meetings/service-kit/testing';
import { describe, expect, it } from 'vitest';
import {
  IndexedActionEntity,
  IndexedMeetingEntity,
  MeetingReaderEntity,
} from '../src/action-index/index.entities.js';
import { overwrittenColumns } from '../src/action-index/meeting-index.writer.js';
import { actionsService } from '../src/app.js';
import { ActionsHarness } from './harness.js';

describe.each(testDatabases(0))('svc-actions schema on $name', ({ connect }) => {
  it('is what the entities describe: after the migrations TypeORM has nothing to change', async () => {
    expect(await driftAfterMigrations(actionsService, await connect())).toEqual([]);
  });
});

it('reverts and reapplies its migrations cleanly', async () => {
  const h = await ActionsHarness.start();
  try {
    const db = h.service.dataSource;
    for (const _ of actionsService.migrations) await db.undoLastMigration({ transaction: 'each' });
    const [left] = (await db.query(
      `SELECT count(*)::int AS n FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_name IN ('indexed_meeting', 'indexed_action', 'meeting_reader')`,
    )) as { n: number }[];
    expect(left!.n).toBe(0);
    await db.runMigrations({ transaction: 'each' });
    expect(await h.dumpIndex()).toEqual([]);
  } finally {
    await h.close();
  }
});

it('overwrites every column but the key on its upserts', async () => {
  const h = await ActionsHarness.start();
  try {
    const { manager } = h.service.dataSource;
    expect(overwrittenColumns(manager, IndexedMeetingEntity)).toEqual([
      'version',
      'title',
      'date',
      'owner_id',
      'owner_email',
      'shared_with',
      'deleted_at',
      'indexed_at',
    ]);
    expect(overwrittenColumns(manager, IndexedActionEntity)).toEqual([
      'text',
      'completed',
      'order',
      'hashtags',
      'hashtag_keys',
      'assignee',
      'due_date',
      'meeting_title',
      'meeting_date',
      'owner_id',
      'owner_email',
      'shared_with',
    ]);
    expect(overwrittenColumns(manager, MeetingReaderEntity)).toEqual(['meeting_date', 'owner_id']);
  } finally {
    await h.close();
  }
});
