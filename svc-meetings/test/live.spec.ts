import { LiveEvents, type LiveChange } from '@meetings/contracts';
import type { RunningService } from '@meetings/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMeetingsService } from '../src/app.js';
import type { MeetingsEnv } from '../src/config.js';
import { LiveMeetings } from '../src/live/live-meetings.service.js';
import { Harness, testUser, type Client, type TestUser } from './harness.js';

// Live updates. A page open on a meeting hears every change to it, whoever makes it and
// on whichever replica, within a second (the embedded bus, or real NATS with TEST_REAL=1).

let h: Harness;
let ownerUser: TestUser;
let owner: Client;
let editorUser: TestUser;
let editor: Client;
let viewerUser: TestUser;
let viewer: Client;
let strangerUser: TestUser;
const streams: LiveStream[] = [];

beforeAll(async () => {
  h = await Harness.start();
  ownerUser = testUser();
  owner = h.as(ownerUser);
  editorUser = testUser();
  editor = h.as(editorUser);
  viewerUser = testUser();
  viewer = h.as(viewerUser);
  strangerUser = testUser();
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await h?.close();
});

interface SseEvent {
  event: string;
  data: unknown;
}

/** A reader of one live stream over real HTTP, as a browser's EventSource reads it. */
class LiveStream {
  readonly events: SseEvent[] = [];
  comments = 0;
  ended = false;
  private readonly controller = new AbortController();
  private waiters: (() => void)[] = [];

  private constructor(readonly response: Response) {}

  static async open(service: { url: string }, user: TestUser, meetingId: string) {
    const controller = new AbortController();
    const response = await fetch(`${service.url}/api/meetings/${meetingId}/live`, {
      headers: { ...(await h.runtime.tokens.bearer(user)), accept: 'text/event-stream' },
      signal: controller.signal,
    });
    const stream = new LiveStream(response);
    Object.assign(stream, { controller });
    streams.push(stream);
    if (response.ok) void stream.read();
    return stream;
  }

  private async read(): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of this.response.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.take(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Aborted by the test.
    }
    this.ended = true;
    this.notify();
  }

  private take(block: string): void {
    let event = 'message';
    let data: string | undefined;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments++;
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data = line.slice(6);
    }
    if (data !== undefined) this.events.push({ event, data: JSON.parse(data) });
    this.notify();
  }

  private notify(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Waits (at most `withinMs`) for an event that matches. */
  async next(match: (event: SseEvent) => boolean, withinMs = 1_000): Promise<SseEvent> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      if (this.ended) throw new Error(`the stream ended; heard ${JSON.stringify(this.events)}`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`nothing matched in time; heard ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async end(withinMs = 1_000): Promise<void> {
    const deadline = Date.now() + withinMs;
    while (!this.ended && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(this.ended).toBe(true);
  }

  close(): void {
    (this as unknown as { controller: AbortController }).controller.abort();
  }
}

const changedTo = (version: number) => (event: SseEvent) =>
  event.event === LiveEvents.changed && (event.data as LiveChange).version >= version;

async function sharedMeeting() {
  const { id } = await owner.create();
  await owner.change('PUT', `/api/meetings/${id}/add-shared-user`, {
    email: editorUser.email,
    role: 'editor',
  });
  const meeting = await owner.change('PUT', `/api/meetings/${id}/add-shared-user`, {
    email: viewerUser.email,
  });
  return meeting;
}

describe('GET /api/meetings/:id/live', () => {
  it('streams server-sent events, starting with the version now, to everyone who may read the meeting', async () => {
    const meeting = await sharedMeeting();
    for (const user of [ownerUser, editorUser, viewerUser]) {
      const stream = await LiveStream.open(h.meetings, user, meeting.id);
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform');
      expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
      const first = await stream.next(() => true);
      expect(first).toEqual({ event: LiveEvents.changed, data: { version: meeting.version } });
      const metrics = await fetch(`${h.meetings.managementUrl}/metrics`).then((r) => r.text());
      expect(metrics).toMatch(/^live_streams\{service="svc-meetings"\} [1-9]\d*$/m);
      stream.close();
    }
  });

  it('tells the owner within a second of a change made by an editor, a viewer or on the actions page', async () => {
    const meeting = await sharedMeeting();
    const stream = await LiveStream.open(h.meetings, ownerUser, meeting.id);
    await stream.next(changedTo(meeting.version));

    let started = Date.now();
    const renamed = await editor.change('PUT', `/api/meetings/${meeting.id}/update-info`, {
      title: 'Renamed by the editor',
    });
    await stream.next(changedTo(renamed.version));
    expect(Date.now() - started).toBeLessThan(1_000);

    // Agenda changes publish no snapshot; they are heard all the same.
    started = Date.now();
    const withAgenda = await editor.change('PUT', `/api/meetings/${meeting.id}/add-agenda-item`, {
      text: 'Budget',
    });
    await stream.next(changedTo(withAgenda.version));
    expect(Date.now() - started).toBeLessThan(1_000);

    const withAction = await owner.change('PUT', `/api/meetings/${meeting.id}/add-action-item`, {
      text: 'Send the minutes',
    });
    await stream.next(changedTo(withAction.version));
    started = Date.now();
    const tick = await viewer.put(
      `/api/actions/${meeting.id}/action/${withAction.actions[0]!.id}/status`,
      { completed: true },
    );
    expect(tick.statusCode, tick.body).toBe(200);
    await stream.next(changedTo(withAction.version + 1));
    expect(Date.now() - started).toBeLessThan(1_000);
    // No meeting content travels on the stream.
    for (const event of stream.events)
      expect(Object.keys(event.data as object)).toEqual(['version']);
  });

  it('refuses a stranger and an unknown meeting as reading the meeting does, and opens nothing', async () => {
    const meeting = await sharedMeeting();
    const live = h.meetings.app.get(LiveMeetings);
    const stranger = await LiveStream.open(h.meetings, strangerUser, meeting.id);
    const read = await h.as(strangerUser).get(`/api/meetings/${meeting.id}`);
    expect(stranger.response.status).toBe(read.statusCode);
    expect(stranger.response.status).toBe(403);
    expect(await stranger.response.json()).toMatchObject({
      code: read.json<{ code: string }>().code,
    });

    const unknown = await LiveStream.open(h.meetings, ownerUser, crypto.randomUUID());
    expect(unknown.response.status).toBe(404);
    expect(await unknown.response.json()).toMatchObject({ code: 'MEETING_NOT_FOUND' });

    const signedOut = await fetch(`${h.meetings.url}/api/meetings/${meeting.id}/live`);
    expect(signedOut.status).toBe(401);
    const badId = await LiveStream.open(h.meetings, ownerUser, 'not-an-id');
    expect(badId.response.status).toBe(400);
    expect(live.listeners(meeting.id)).toBe(0);
  });

  it('sends deleted when the meeting is deleted, and ends the stream', async () => {
    const meeting = await sharedMeeting();
    const stream = await LiveStream.open(h.meetings, viewerUser, meeting.id);
    await stream.next(changedTo(meeting.version));
    const response = await owner.delete(`/api/meetings/${meeting.id}/delete`);
    expect(response.statusCode).toBe(200);
    expect(await stream.next((event) => event.event === LiveEvents.deleted)).toEqual({
      event: LiveEvents.deleted,
      data: {},
    });
    await stream.end();
  });

  it('ends the stream of someone taken off the shared list, after telling them of the change', async () => {
    const meeting = await sharedMeeting();
    const stream = await LiveStream.open(h.meetings, viewerUser, meeting.id);
    await stream.next(changedTo(meeting.version));
    await owner.change('PUT', `/api/meetings/${meeting.id}/remove-shared-user`, {
      email: viewerUser.email,
    });
    await stream.next(changedTo(meeting.version + 1));
    await stream.end();
  });
});

describe('two replicas of svc-meetings on one bus', () => {
  let second: RunningService<MeetingsEnv>;

  beforeAll(async () => {
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
  });

  it('both tell their own listeners of a change made on either', async () => {
    const meeting = await sharedMeeting();
    const onFirst = await LiveStream.open(h.meetings, ownerUser, meeting.id);
    const onSecond = await LiveStream.open(second, viewerUser, meeting.id);
    await onFirst.next(changedTo(meeting.version));
    await onSecond.next(changedTo(meeting.version));

    const started = Date.now();
    const renamed = await editor.change('PUT', `/api/meetings/${meeting.id}/update-info`, {
      title: 'Heard everywhere',
    });
    await Promise.all([
      onFirst.next(changedTo(renamed.version)),
      onSecond.next(changedTo(renamed.version)),
    ]);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('ends its streams cleanly when it shuts down', async () => {
    const meeting = await sharedMeeting();
    const stream = await LiveStream.open(second, ownerUser, meeting.id);
    await stream.next(changedTo(meeting.version));
    const started = Date.now();
    await second.close();
    await stream.end();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
