import { randomUUID } from 'node:crypto';
import { ActionStatusResponseSchema, ServerMessages, Subjects } from '@meetings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingWithContent } from './fixtures/meetings.js';
import { Harness, testUser, type Client, type TestUser } from './harness.js';

let h: Harness;
let ownerUser: TestUser;
let owner: Client;
let viewerUser: TestUser;
let viewer: Client;

beforeAll(async () => {
  h = await Harness.start();
  ownerUser = testUser();
  owner = h.as(ownerUser);
  viewerUser = testUser();
  viewer = h.as(viewerUser);
});
afterAll(async () => {
  await h?.close();
});

const statusUrl = (meetingId: string, actionId: string) =>
  `/api/actions/${meetingId}/action/${actionId}/status`;

describe('PUT /api/actions/:meetingId/action/:actionId/status', () => {
  it('ticks an action for a user the meeting is shared with, answers with it and publishes the meeting', async () => {
    const { meeting, actionId } = await meetingWithContent(owner, { sharedWith: [viewerUser] });
    const response = await viewer.put(statusUrl(meeting.id, actionId), { completed: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(ActionStatusResponseSchema.parse(response.json())).toEqual(response.json());
    expect(response.json()).toEqual({
      action: {
        _id: actionId,
        id: actionId,
        text: 'Send minutes #followup',
        completed: true,
        order: 1,
        hashtags: ['followup'],
        assignee: null,
        dueDate: null,
        meetingId: meeting.id,
      },
    });
    const after = await owner.meeting(meeting.id);
    expect(after.actions[0]!.completed).toBe(true);
    expect(after.version).toBe(meeting.version + 1);
    expect((await h.events(meeting.id)).at(-1)).toMatchObject({
      subject: Subjects.MeetingUpserted,
      data: {
        meeting: {
          id: meeting.id,
          version: meeting.version + 1,
          actions: [{ id: actionId, completed: true }],
        },
      },
    });
  });

  it('unticks too, for the owner', async () => {
    const { meeting, actionId } = await meetingWithContent(owner);
    await owner.put(statusUrl(meeting.id, actionId), { completed: true });
    const response = await owner.put(statusUrl(meeting.id, actionId), { completed: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ action: { id: actionId, completed: false } });
    expect((await owner.meeting(meeting.id)).actions[0]!.completed).toBe(false);
  });

  it('accepts the caller e-mail in any case', async () => {
    const { meeting, actionId } = await meetingWithContent(owner, { sharedWith: [viewerUser] });
    const shouting = h.as({ ...viewerUser, email: viewerUser.email.toUpperCase() });
    const response = await shouting.put(statusUrl(meeting.id, actionId), { completed: true });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('lets free users tick: a meeting shared with them, and their own', async () => {
    const freeViewerUser = await h.freeUser();
    const payingOwner = h.as(testUser());
    const shared = await meetingWithContent(payingOwner, { sharedWith: [freeViewerUser] });
    const tick = await h
      .as(freeViewerUser)
      .put(statusUrl(shared.meeting.id, shared.actionId), { completed: true });
    expect(tick.statusCode, tick.body).toBe(200);

    // A meeting made while on trial, then the plan became free.
    const trialUser = testUser();
    const trialOwner = h.as(trialUser);
    await h.setPlan(trialUser, 'trial');
    const own = await meetingWithContent(trialOwner);
    await h.setPlan(trialUser, 'free');
    const edit = await trialOwner.put(`/api/meetings/${own.meeting.id}/update-info`, {
      title: 'Not any more',
    });
    expect(edit.json()).toMatchObject({ code: 'MEETING_NOT_ENTITLED' });
    const ownTick = await trialOwner.put(statusUrl(own.meeting.id, own.actionId), {
      completed: true,
    });
    expect(ownTick.statusCode, ownTick.body).toBe(200);
  });

  it('refuses the signed out, strangers, unknown meetings and unknown actions, changing nothing', async () => {
    const { meeting, actionId } = await meetingWithContent(owner);
    const before = await owner.meeting(meeting.id);
    const signedOut = await h.as(null).put(statusUrl(meeting.id, actionId), { completed: true });
    expect(signedOut.statusCode).toBe(401);
    const stranger = await h.as(testUser()).put(statusUrl(meeting.id, actionId), {
      completed: true,
    });
    expect({ status: stranger.statusCode, body: stranger.json() }).toMatchObject({
      status: 403,
      body: { code: 'MEETING_ACCESS_DENIED', error: ServerMessages.accessDenied },
    });
    const noMeeting = await owner.put(statusUrl(randomUUID(), actionId), { completed: true });
    expect({ status: noMeeting.statusCode, body: noMeeting.json() }).toMatchObject({
      status: 404,
      body: { code: 'MEETING_NOT_FOUND', error: ServerMessages.meetingNotFound },
    });
    const noAction = await owner.put(statusUrl(meeting.id, randomUUID()), { completed: true });
    expect({ status: noAction.statusCode, body: noAction.json() }).toMatchObject({
      status: 404,
      body: { code: 'MEETING_ACTION_ITEM_NOT_FOUND', error: ServerMessages.actionItemNotFound },
    });
    expect(await owner.meeting(meeting.id)).toEqual(before);
  });

  it('refuses bad input with 400, changing nothing', async () => {
    const { meeting, actionId } = await meetingWithContent(owner);
    const before = await owner.meeting(meeting.id);
    const valid = statusUrl(meeting.id, actionId);
    for (const [url, body] of [
      [statusUrl('not-a-uuid', actionId), { completed: true }],
      [statusUrl(meeting.id, 'nope'), { completed: true }],
      [valid, { completed: 'yes' }],
      [valid, {}],
      [valid, { completed: true, text: 'sneaky' }],
      [valid, '{completed'],
    ] as const) {
      const response = await owner.put(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, error: expect.any(String) });
    }
    expect(await owner.meeting(meeting.id)).toEqual(before);
  });
});
