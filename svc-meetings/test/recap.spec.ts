import { randomUUID } from 'node:crypto';
import { RecapRequestedSchema, ServerMessages, Subjects } from '@meetings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, testUser, type Client, type TestUser } from './harness.js';

// The recap. `POST /api/meetings/{id}/send-recap` records the send and writes the recap
// event (svc-auth mails it) in one transaction, at most once per meeting per 10 minutes.

let h: Harness;
let ownerUser: TestUser;
let owner: Client;
const viewerUser = testUser();
let viewer: Client;
let stranger: Client;
beforeAll(async () => {
  h = await Harness.start();
  ownerUser = testUser();
  owner = h.as(ownerUser);
  viewer = h.as(viewerUser);
  stranger = h.as(testUser());
});
afterAll(async () => {
  await h?.close();
});

async function recaps(meetingId: string) {
  return (await h.events())
    .filter((e) => e.subject === Subjects.RecapRequested && e.data.meetingId === meetingId)
    .map((e) => RecapRequestedSchema.parse(e.data));
}

async function recapSentAt(meetingId: string): Promise<Date | null> {
  const rows = (await h.meetings.dataSource.query(
    `SELECT recap_sent_at FROM meeting WHERE id = $1`,
    [meetingId],
  )) as { recap_sent_at: Date | string | null }[];
  const value = rows[0]?.recap_sent_at ?? null;
  return value === null ? null : new Date(value);
}

const sendRecap = (client: Client, id: string) => client.post(`/api/meetings/${id}/send-recap`);

/** A meeting shared with the viewer and one more address, with agenda, notes and actions. */
async function fullMeeting(): Promise<string> {
  const { id } = await owner.create('Sprint <b>review</b>', '2026-11-30T14:00:00.000Z');
  for (const email of [viewerUser.email, 'Cy@Example.com'])
    await owner.change('PUT', `/api/meetings/${id}/add-shared-user`, { email });
  const covered = await owner.change('PUT', `/api/meetings/${id}/add-agenda-item`, {
    text: 'Demo',
  });
  await owner.change('PUT', `/api/meetings/${id}/update-agenda-item/${covered.agenda[0]!.id}`, {
    completed: true,
  });
  await owner.change('PUT', `/api/meetings/${id}/add-agenda-item`, { text: 'Retro' });
  await owner.change('PUT', `/api/meetings/${id}/update-notes`, {
    notes:
      '<h1>Decisions</h1><p>Ship <strong>Friday</strong></p><img src="data:image/png;base64,iVBORw0KGgo=">',
  });
  await owner.change('PUT', `/api/meetings/${id}/add-action-item`, {
    text: 'Write the release notes',
    assignee: 'cy@example.com',
    dueDate: '2026-12-03',
  });
  await owner.change('PUT', `/api/meetings/${id}/add-action-item`, { text: 'Book the room' });
  return id;
}

describe('sending a recap', () => {
  it('answers how many it goes to and writes the recap with everything the mail needs', async () => {
    const id = await fullMeeting();
    const before = await owner.meeting(id);
    const response = await sendRecap(owner, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ sent: 3 });
    const [recap, ...more] = await recaps(id);
    expect(more).toEqual([]);
    expect(recap).toEqual({
      meetingId: id,
      title: 'Sprint <b>review</b>',
      date: '2026-11-30T14:00:00.000Z',
      timeZone: 'UTC',
      ownerEmail: ownerUser.email.toLowerCase(),
      sentBy: ownerUser.email.toLowerCase(),
      recipients: [ownerUser.email.toLowerCase(), viewerUser.email.toLowerCase(), 'cy@example.com'],
      agenda: [
        { text: 'Demo', completed: true },
        { text: 'Retro', completed: false },
      ],
      // Without the image: mail clients block it, and it would swell the event.
      notes: '<h1>Decisions</h1><p>Ship <strong>Friday</strong></p>',
      notesOmitted: false,
      actions: [
        {
          text: 'Write the release notes',
          completed: false,
          assignee: 'cy@example.com',
          dueDate: '2026-12-03',
        },
        { text: 'Book the room', completed: false, assignee: null, dueDate: null },
      ],
    });
    // A recap changes nothing other services copy.
    expect((await owner.meeting(id)).version).toBe(before.version);
    expect(await recapSentAt(id)).not.toBeNull();
  });

  it('is refused with 429 and a clear message within 10 minutes, and allowed after', async () => {
    const { id } = await owner.create();
    expect((await sendRecap(owner, id)).statusCode).toBe(200);
    const sentAt = await recapSentAt(id);
    const again = await sendRecap(owner, id);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({
      code: 'MEETING_RECAP_TOO_SOON',
      error: ServerMessages.recapTooSoon,
    });
    expect(await recaps(id)).toHaveLength(1);
    expect(await recapSentAt(id)).toEqual(sentAt);

    await h.meetings.dataSource.query(
      `UPDATE meeting SET recap_sent_at = now() - interval '9 minutes' WHERE id = $1`,
      [id],
    );
    expect((await sendRecap(owner, id)).statusCode).toBe(429);
    await h.meetings.dataSource.query(
      `UPDATE meeting SET recap_sent_at = now() - interval '10 minutes 1 second' WHERE id = $1`,
      [id],
    );
    const later = await sendRecap(owner, id);
    expect(later.statusCode).toBe(200);
    expect(later.json()).toEqual({ sent: 1 });
    expect(await recaps(id)).toHaveLength(2);
  });

  it('sends one recap when two calls come at once', async () => {
    for (let round = 0; round < 3; round++) {
      const { id } = await owner.create();
      const answers = await Promise.all([sendRecap(owner, id), sendRecap(owner, id)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429]);
      expect(await recaps(id)).toHaveLength(1);
    }
  });
});

describe('who may send a recap', () => {
  it('refuses someone it is shared with, a stranger and a free-tier owner, and changes nothing', async () => {
    const { id } = await owner.create();
    await owner.change('PUT', `/api/meetings/${id}/add-shared-user`, { email: viewerUser.email });

    const byViewer = await sendRecap(viewer, id);
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json()).toMatchObject({ error: ServerMessages.readOnly });
    const byStranger = await sendRecap(stranger, id);
    expect(byStranger.statusCode).toBe(403);
    expect(byStranger.json()).toMatchObject({ error: ServerMessages.accessDenied });
    expect((await sendRecap(h.as(null), id)).statusCode).toBe(401);

    const freeUser = testUser();
    const free = h.as(freeUser);
    const { id: freeMeeting } = await free.create();
    await h.setPlan(freeUser, 'free');
    const byFree = await sendRecap(free, freeMeeting);
    expect(byFree.statusCode).toBe(403);
    expect(byFree.json()).toMatchObject({ error: ServerMessages.notEntitledToEdit });

    for (const meetingId of [id, freeMeeting]) {
      expect(await recaps(meetingId)).toEqual([]);
      expect(await recapSentAt(meetingId)).toBeNull();
    }
    // The refusals did not use up the owner's recap.
    expect((await sendRecap(owner, id)).statusCode).toBe(200);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    for (const bad of ['not-a-uuid', '123', `${randomUUID()}x`, '%00']) {
      const response = await sendRecap(owner, bad);
      expect(response.statusCode, bad).toBe(400);
    }
    const unknown = await sendRecap(owner, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: ServerMessages.meetingNotFound });
  });
});
