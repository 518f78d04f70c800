import type { RunningService } from '@meetings/service-kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMeetingsService } from '../src/app.js';
import type { MeetingsEnv } from '../src/config.js';
import { meetingWithContent } from './fixtures/meetings.js';
import { Harness, testUser, type TestUser } from './harness.js';

let h: Harness;
let second: RunningService<MeetingsEnv>;

beforeAll(async () => {
  h = await Harness.start();
  // A second replica on the same database and Redis, as behind the gateway in production.
  second = await startMeetingsService({
    shared: h.runtime.shared,
    port: 0,
    env: {
      ...h.runtime.env,
      ENTITLEMENT_CACHE_TTL_MS: '60000',
      SUBSCRIPTION_INTERNAL_URL: h.subscription.url,
    },
  });
});
afterAll(async () => {
  await second?.close();
  await h?.close();
});

async function join(user: TestUser, meetingId: string, replica: RunningService) {
  return (await h.joinLiveNotes(user, meetingId, replica)).text;
}

describe('live notes on two replicas sharing Redis', () => {
  it('two people on different replicas edit the same notes together', async () => {
    expect(h.meetings.config.REDIS_URL).toBeTruthy();
    const ownerUser = testUser();
    const editorUser = testUser();
    const { meeting } = await meetingWithContent(h.as(ownerUser), { editors: [editorUser] });
    const mine = await join(ownerUser, meeting.id, h.meetings);
    const theirs = await join(editorUser, meeting.id, second);
    mine.insert(0, 'From one replica');
    await vi.waitFor(() => expect(theirs.toString()).toBe('From one replica'), {
      timeout: 10_000,
    });
    theirs.insert(theirs.length, ', and the other');
    const merged = 'From one replica, and the other';
    await vi.waitFor(() => expect(mine.toString()).toBe(merged), { timeout: 10_000 });
    await vi.waitFor(
      async () =>
        expect((await h.as(ownerUser).meeting(meeting.id)).notes).toBe(`<p>${merged}</p>`),
      { timeout: 20_000 },
    );
  });

  it('a save over HTTP on a replica without the room reaches the room on the other', async () => {
    const ownerUser = testUser();
    const { meeting } = await meetingWithContent(h.as(ownerUser));
    const theirs = await join(ownerUser, meeting.id, second);
    theirs.insert(0, 'Live');
    // The HTTP client saves from the notes as stored (it sees no room).
    await vi.waitFor(
      async () => expect((await h.as(ownerUser).meeting(meeting.id)).notes).toBe('<p>Live</p>'),
      { timeout: 20_000 },
    );
    await h.as(ownerUser).change('PUT', `/api/meetings/${meeting.id}/update-notes`, {
      notes: '<p>Live</p><p>Saved over HTTP</p>',
    });
    await vi.waitFor(() => expect(theirs.toString()).toBe('Live\nSaved over HTTP\n'), {
      timeout: 10_000,
    });
  });
});
