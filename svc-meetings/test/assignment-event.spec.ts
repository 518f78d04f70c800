import { ActionAssignedSchema, Subjects } from '@meetings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, testUser, type Client, type TestUser } from './harness.js';

// An action that gets an assignee other than the person making the change is announced
// (svc-auth mails the assignee), in the same transaction as the change.

let h: Harness;
let ownerUser: TestUser;
let owner: Client;
let viewer: Client;
const viewerUser = testUser();
beforeAll(async () => {
  h = await Harness.start();
  ownerUser = testUser();
  owner = h.as(ownerUser);
  viewer = h.as(viewerUser);
});
afterAll(async () => {
  await h?.close();
});

async function assignments(meetingId: string) {
  return (await h.events(meetingId))
    .filter((e) => e.subject === Subjects.ActionAssigned)
    .map((e) => ActionAssignedSchema.parse(e.data));
}

describe('meetings.meeting.action-assigned', () => {
  it('is written when an action is added with someone else as assignee', async () => {
    const meeting = await owner.create('Roadmap <b>review</b>');
    const changed = await owner.change('PUT', `/api/meetings/${meeting.id}/add-action-item`, {
      text: 'Draft the #plan',
      assignee: 'Ada@Example.com',
    });
    expect(await assignments(meeting.id)).toEqual([
      {
        meetingId: meeting.id,
        meetingTitle: 'Roadmap <b>review</b>',
        actionId: changed.actions[0]!.id,
        text: 'Draft the #plan',
        assignee: 'ada@example.com',
        assignedBy: ownerUser.email.toLowerCase(),
      },
    ]);
  });

  it('is written when an update changes the assignee, with the text as it now reads', async () => {
    const meeting = await owner.create();
    const added = await owner.change('PUT', `/api/meetings/${meeting.id}/add-action-item`, {
      text: 'Old text',
    });
    const id = added.actions[0]!.id;
    await owner.change('PUT', `/api/meetings/${meeting.id}/update-action-item/${id}`, {
      text: 'New text',
      assignee: 'bo@example.com',
    });
    // The same assignee again, a due date only, and a clear: nothing new to tell anyone.
    await owner.change('PUT', `/api/meetings/${meeting.id}/update-action-item/${id}`, {
      assignee: 'bo@example.com',
    });
    await owner.change('PUT', `/api/meetings/${meeting.id}/update-action-item/${id}`, {
      dueDate: '2026-09-01',
    });
    await owner.change('PUT', `/api/meetings/${meeting.id}/update-action-item/${id}`, {
      assignee: null,
    });
    const events = await assignments(meeting.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actionId: id, text: 'New text', assignee: 'bo@example.com' });
  });

  it('is not written when the person making the change assigns themselves', async () => {
    const meeting = await owner.create();
    await owner.change('PUT', `/api/meetings/${meeting.id}/add-action-item`, {
      text: 'Mine',
      assignee: ownerUser.email.toUpperCase(),
    });
    expect(await assignments(meeting.id)).toEqual([]);
  });

  it('is not written when the change is refused', async () => {
    const meeting = await owner.create();
    await owner.change('PUT', `/api/meetings/${meeting.id}/add-shared-user`, {
      email: viewerUser.email,
    });
    const response = await viewer.put(`/api/meetings/${meeting.id}/add-action-item`, {
      text: 'Not yours to add',
      assignee: 'ada@example.com',
    });
    expect(response.statusCode).toBe(403);
    const bad = await owner.put(`/api/meetings/${meeting.id}/add-action-item`, {
      text: 'Bad address',
      assignee: 'not-an-address',
    });
    expect(bad.statusCode).toBe(400);
    expect(await assignments(meeting.id)).toEqual([]);
  });
});
