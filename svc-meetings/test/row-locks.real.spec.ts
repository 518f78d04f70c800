import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource, EntityManager } from 'typeorm';
import { ActionStore } from '../src/items/item-store.js';
import { MeetingStore } from '../src/store/meeting-store.js';
import { meetingWithContent } from './fixtures/meetings.js';
import { Harness, testUser } from './harness.js';

let h: Harness;
let dataSource: DataSource;
let meetings: MeetingStore;
let actions: ActionStore;

beforeAll(async () => {
  h = await Harness.start();
  dataSource = h.meetings.dataSource;
  meetings = h.meetings.app.get(MeetingStore);
  actions = h.meetings.app.get(ActionStore);
});
afterAll(async () => {
  await h?.close();
});

/**
 * Runs `read` in a second transaction while a first one holds what `hold` locked. The second
 * gives up on a lock after 300 ms, so a read that waits for the first one rejects.
 */
async function whileHeld(
  hold: (tx: EntityManager) => Promise<unknown>,
  read: (tx: EntityManager) => Promise<unknown>,
): Promise<unknown> {
  return dataSource.transaction(async (first) => {
    await hold(first);
    const second = await dataSource.createQueryRunner();
    try {
      await second.startTransaction();
      await second.query(`SET LOCAL lock_timeout = '300ms'`);
      return await read(second.manager);
    } finally {
      await second.rollbackTransaction().catch(() => undefined);
      await second.release();
    }
  });
}

describe('row locks of a change', () => {
  it('a locked read of a meeting waits for the change that holds it; a plain read does not', async () => {
    const { meeting } = await meetingWithContent(h.as(testUser()));
    const lock = (tx: EntityManager) => meetings.find(tx, meeting.id, { lock: true });
    await expect(whileHeld(lock, (tx) => meetings.find(tx, meeting.id))).resolves.toMatchObject({
      id: meeting.id,
      title: meeting.title,
    });
    await expect(whileHeld(lock, lock)).rejects.toThrow(/lock timeout/);
  });

  it('a locked read of an action waits for the change that holds it; a plain read does not', async () => {
    const { meeting, actionId } = await meetingWithContent(h.as(testUser()));
    const lock = (tx: EntityManager) => actions.find(tx, meeting.id, actionId, { lock: true });
    await expect(
      whileHeld(lock, (tx) => actions.find(tx, meeting.id, actionId)),
    ).resolves.toMatchObject({ id: actionId, meetingId: meeting.id });
    await expect(whileHeld(lock, lock)).rejects.toThrow(/lock timeout/);
  });
});
