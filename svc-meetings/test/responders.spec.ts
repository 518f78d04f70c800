import { MeetingsExportReplySchema, RpcSubjects, type MeetingSnapshot } from '@meetings/contracts';
import { RpcClient } from '@meetings/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingWithContent } from './fixtures/meetings.js';
import { Harness, testUser } from './harness.js';

let h: Harness;
let rpc: RpcClient;

beforeAll(async () => {
  h = await Harness.start();
  rpc = new RpcClient(h.meetings.bus, 3_000);
});
afterAll(async () => {
  await h?.close();
});

describe('meetings.snapshot.export', () => {
  it('pages through every meeting in id order with its actions', async () => {
    const exporter = h.as(testUser());
    const created = new Set<string>();
    for (let i = 0; i < 5; i++) created.add((await meetingWithContent(exporter)).meeting.id);

    const seen: MeetingSnapshot[] = [];
    let afterId: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await rpc.call(
        RpcSubjects.MeetingsExport,
        afterId ? { afterId, limit: 2 } : { limit: 2 },
        MeetingsExportReplySchema,
      );
      pages++;
      seen.push(...page.meetings);
      if (!page.nextAfterId) break;
      expect(page.meetings).toHaveLength(2);
      afterId = page.nextAfterId;
    }
    const ids = seen.map((m) => m.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of created) expect(ids).toContain(id);
    expect(pages).toBeGreaterThanOrEqual(3);
    const one = seen.find((m) => created.has(m.id))!;
    const current = await exporter.meeting(one.id);
    expect(one).toEqual({
      id: current.id,
      version: current.version,
      title: current.title,
      date: current.date,
      ownerId: current.owner.id,
      ownerEmail: current.owner.email,
      sharedWith: current.sharedWith,
      seriesId: current.seriesId,
      actions: current.actions.map(({ id, text, completed, order, hashtags }) => ({
        id,
        text,
        completed,
        order,
        hashtags,
      })),
    });
  });

  it('refuses a bad page request', async () => {
    for (const body of [{}, { limit: 0 }, { limit: 5000 }, { limit: 10, afterId: 'x' }]) {
      await expect(
        rpc.call(RpcSubjects.MeetingsExport, body, MeetingsExportReplySchema),
      ).rejects.toMatchObject({ status: 400 });
    }
  });
});
