import type { RunningService } from '@meetings/service-kit';
import { startFaultProxy, type FaultProxy } from '@meetings/testing/services';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMeetingsService } from '../src/app.js';
import { LiveNotesServer } from '../src/collab/live-notes.server.js';
import type { MeetingsEnv } from '../src/config.js';
import { meetingWithContent } from './fixtures/meetings.js';
import { Harness, testUser, type TestUser } from './harness.js';

let h: Harness;
let replica: RunningService<MeetingsEnv>;
let redis: FaultProxy;

beforeAll(async () => {
  h = await Harness.start();
  // A replica whose Redis is behind a proxy that can refuse or swallow every byte.
  const server = new URL(h.runtime.env.REDIS_URL!);
  redis = await startFaultProxy({ host: server.hostname, port: Number(server.port || 6379) });
  replica = await startMeetingsService({
    shared: h.runtime.shared,
    port: 0,
    env: {
      ...h.runtime.env,
      REDIS_URL: `redis://${redis.host}${server.pathname}`,
      SUBSCRIPTION_INTERNAL_URL: h.subscription.url,
    },
  });
});
afterEach(() => {
  redis.pass();
  h.leaveLiveNotes();
});
afterAll(async () => {
  await replica?.close();
  await redis?.close();
  await h?.close();
});

const join = (user: TestUser, meetingId: string) => h.joinLiveNotes(user, meetingId, replica);

const storedNotes = async (user: TestUser, meetingId: string) =>
  (await h.as(user).meeting(meetingId)).notes;

const roomClosed = (meetingId: string) =>
  vi.waitFor(() => expect(replica.app.get(LiveNotesServer).isOpen(meetingId)).toBe(false), {
    timeout: 15_000,
  });

describe.each(['cut', 'blackhole'] as const)('live notes with Redis away (%s)', (fault) => {
  it('a save over HTTP of notes once edited live answers at once and is what the room opens with', async () => {
    const user = testUser();
    const { meeting } = await meetingWithContent(h.as(user));
    const typist = await join(user, meeting.id);
    typist.text.insert(0, 'Typed live');
    await vi.waitFor(
      () => expect(storedNotes(user, meeting.id)).resolves.toBe('<p>Typed live</p>'),
      {
        timeout: 15_000,
      },
    );
    typist.leave();
    await roomClosed(meeting.id);

    redis[fault]();
    const started = Date.now();
    const saved = await fetch(`${replica.url}/api/meetings/${meeting.id}/update-notes`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...(await h.runtime.tokens.bearer(user)) },
      body: JSON.stringify({ notes: '<p>Saved with Redis away</p>' }),
    });
    expect(saved.status).toBe(200);
    // No wait for Redis's reconnects or command timeouts.
    expect(Date.now() - started).toBeLessThan(2_000);
    redis.pass();

    const again = await join(user, meeting.id);
    expect(again.text.toString()).toBe('Saved with Redis away\n');
    expect(await storedNotes(user, meeting.id)).toBe('<p>Saved with Redis away</p>');
  });

  it('what is typed while Redis is away is stored, and kept once it is back', async () => {
    const user = testUser();
    const { meeting } = await meetingWithContent(h.as(user));
    const typist = await join(user, meeting.id);
    typist.text.insert(0, 'Before');
    await vi.waitFor(() => expect(storedNotes(user, meeting.id)).resolves.toBe('<p>Before</p>'), {
      timeout: 15_000,
    });

    redis[fault]();
    typist.text.insert(typist.text.length, ' and during');
    await vi.waitFor(
      () => expect(storedNotes(user, meeting.id)).resolves.toBe('<p>Before and during</p>'),
      { timeout: 15_000 },
    );
    typist.leave();
    await roomClosed(meeting.id);
    redis.pass();

    const again = await join(user, meeting.id);
    expect(again.text.toString()).toBe('Before and during');
  });
});
