import { randomUUID } from 'node:crypto';
import {
  ActionSetStatusReplySchema,
  MeetingsExportReplySchema,
  RpcSubjects,
  ServerMessages,
  Subjects,
  type MeetingSnapshot,
} from '@meetings/contracts';
import { RpcClient } from '@meetings/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingWithContent } from './fixtures/meetings.js';
import { Harness, testUser, type Client, type TestUser } from './harness.js';

let h: Harness;
let rpc: RpcClient;
let ownerUser: TestUser;
let owner: Client;
let viewerUser: TestUser;

beforeAll(async () => {
  h = await Harness.start();
  rpc = new RpcClient(h.meetings.bus, 3_000);
  ownerUser = testUser();
  owner = h.as(ownerUser);
  viewerUser = testUser();
});
afterAll(async () => {
  await h?.close();
});

const setStatus = (caller: TestUser, meetingId: string, actionId: string, completed: boolean) =>
  rpc.call(
    RpcSubjects.ActionSetStatus,
    { caller: { id: caller.id, email: caller.email }, meetingId, actionId, completed },
    ActionSetStatusReplySchema,
  );

describe('meetings.action.set-status', () => {
  it('ticks an action for a user the meeting is shared with and replies with the new snapshot', async () => {
    const { meeting, actionId } = await meetingWithContent(owner, { sharedWith: [viewerUser] });
    const reply = await setStatus(viewerUser, meeting.id, actionId, true);
    expect(reply.meeting).toMatchObject({
      id: meeting.id,
      version: meeting.version + 1,
      ownerId: ownerUser.id,
      sharedWith: [viewerUser.email],
      actions: [
        {
          id: actionId,
          completed: true,
          hashtags: ['followup'],
          text: 'Send minutes #followup',
          order: 1,
        },
      ],
    });
    expect((await owner.meeting(meeting.id)).actions[0]!.completed).toBe(true);
    expect((await h.events(meeting.id)).at(-1)).toEqual({
      subject: Subjects.MeetingUpserted,
      data: { meeting: reply.meeting },
    });
  });

  it('accepts the caller e-mail in any case', async () => {
    const { meeting, actionId } = await meetingWithContent(owner, { sharedWith: [viewerUser] });
    const shouting = { ...viewerUser, email: viewerUser.email.toUpperCase() };
    expect(
      (await setStatus(shouting, meeting.id, actionId, true)).meeting.actions[0]!.completed,
    ).toBe(true);
  });

  it('refuses strangers, unknown meetings and unknown actions as the HTTP routes do, changing nothing', async () => {
    const { meeting, actionId } = await meetingWithContent(owner);
    const before = await owner.meeting(meeting.id);
    await expect(setStatus(testUser(), meeting.id, actionId, true)).rejects.toMatchObject({
      status: 403,
      code: 'MEETING_ACCESS_DENIED',
      message: ServerMessages.accessDenied,
    });
    await expect(setStatus(ownerUser, randomUUID(), actionId, true)).rejects.toMatchObject({
      status: 404,
      code: 'MEETING_NOT_FOUND',
    });
    await expect(setStatus(ownerUser, meeting.id, randomUUID(), true)).rejects.toMatchObject({
      status: 404,
      code: 'MEETING_ACTION_ITEM_NOT_FOUND',
    });
    expect(await owner.meeting(meeting.id)).toEqual(before);
  });

  it('answers a malformed request with a 400 reply', async () => {
    for (const body of [
      {},
      {
        caller: { id: 'x', email: 'y' },
        meetingId: 'nope',
        actionId: randomUUID(),
        completed: true,
      },
      { caller: null },
    ]) {
      await expect(
        rpc.call(RpcSubjects.ActionSetStatus, body, ActionSetStatusReplySchema),
      ).rejects.toMatchObject({ status: 400 });
    }
  });
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
