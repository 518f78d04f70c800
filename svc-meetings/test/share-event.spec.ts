import { MeetingSharedSchema, Subjects } from '@meetings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, testUser, type Client, type TestUser } from './harness.js';

// An address newly added to a meeting's shared list is announced (svc-auth mails it an
// invitation), in the same transaction as the change.

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

async function shares(meetingId: string) {
  return (await h.events(meetingId))
    .filter((e) => e.subject === Subjects.MeetingShared)
    .map((e) => MeetingSharedSchema.parse(e.data));
}

describe('meetings.meeting.shared', () => {
  it('is written when the owner adds an address, with the title and the owner', async () => {
    const meeting = await owner.create('Weekly <b>status</b>');
    await owner.change('PUT', `/api/meetings/${meeting.id}/add-shared-user`, {
      email: '  Ada@Example.com ',
    });
    expect(await shares(meeting.id)).toEqual([
      {
        meetingId: meeting.id,
        meetingTitle: 'Weekly <b>status</b>',
        ownerEmail: ownerUser.email.toLowerCase(),
        sharedWith: 'ada@example.com',
      },
    ]);
  });

  it('is not written again for an address already there, nor for a refused request', async () => {
    const meeting = await owner.create();
    await owner.change('PUT', `/api/meetings/${meeting.id}/add-shared-user`, {
      email: viewerUser.email,
    });
    const again = await owner.put(`/api/meetings/${meeting.id}/add-shared-user`, {
      email: viewerUser.email.toUpperCase(),
    });
    expect(again.statusCode).toBe(400);
    const self = await owner.put(`/api/meetings/${meeting.id}/add-shared-user`, {
      email: ownerUser.email,
    });
    expect(self.statusCode).toBe(400);
    const bad = await owner.put(`/api/meetings/${meeting.id}/add-shared-user`, {
      email: 'not an address',
    });
    expect(bad.statusCode).toBe(400);
    // Someone it is shared with may not share it on.
    const byViewer = await viewer.put(`/api/meetings/${meeting.id}/add-shared-user`, {
      email: 'bo@example.com',
    });
    expect(byViewer.statusCode).toBe(403);
    const events = await shares(meeting.id);
    expect(events.map((e) => e.sharedWith)).toEqual([viewerUser.email.toLowerCase()]);
  });

  it('is not written when an address is removed', async () => {
    const meeting = await owner.create();
    await owner.change('PUT', `/api/meetings/${meeting.id}/add-shared-user`, {
      email: 'cy@example.com',
    });
    await owner.change('PUT', `/api/meetings/${meeting.id}/remove-shared-user`, {
      email: 'cy@example.com',
    });
    expect(await shares(meeting.id)).toHaveLength(1);
  });
});
