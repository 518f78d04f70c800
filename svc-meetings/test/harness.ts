import { randomUUID } from 'node:crypto';
import { envelope, CACHE, type Cache, type RunningService } from '@meetings/service-kit';
import { Subjects, type Meeting, type Subject } from '@meetings/contracts';
import {
  createTestRuntime,
  testUser,
  type TestRuntime,
  type TestUser,
} from '@meetings/service-kit/testing';
import { joinLiveNotes, type LiveNotesClient } from '@meetings/testing';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, vi } from 'vitest';
import { startMeetingsService } from '../src/app.js';
import { ENTITLEMENT_CONSUMER } from '../src/entitlement/subscription-events.controller.js';
import type { MeetingsEnv } from '../src/config.js';
import { EntitlementStub } from './entitlement-stub.js';

export { testUser, type TestUser };

export interface HarnessOptions {
  /** Answer entitlements with the stub (default); without it, svc-subscription is away. */
  subscription?: boolean;
  env?: Record<string, string>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface OutboxEvent {
  subject: Subject;
  data: Record<string, unknown>;
}

/**
 * svc-meetings on one test runtime (the embedded database and bus, or the real servers when
 * TEST_DATABASE_URL / TEST_NATS_URL / TEST_REDIS_URL are set), asking a stub for entitlements.
 * The real svc-subscription beside it is tested in embedded/test.
 */
export class Harness {
  /** Notes editors joined through `joinLiveNotes` and not yet left. */
  private readonly editors = new Set<LiveNotesClient>();

  private constructor(
    readonly runtime: TestRuntime,
    readonly meetings: RunningService<MeetingsEnv>,
    private readonly stub: EntitlementStub | undefined,
  ) {}

  static async start(options: HarnessOptions = {}): Promise<Harness> {
    const runtime = await createTestRuntime();
    let stub: EntitlementStub | undefined;
    try {
      if (options.subscription !== false) stub = await EntitlementStub.start();
      const meetings = await startMeetingsService({
        shared: runtime.shared,
        port: 0,
        env: {
          ...runtime.env,
          ENTITLEMENT_CACHE_TTL_MS: '60000',
          // Port 9 (discard) has no listener: svc-subscription is away.
          SUBSCRIPTION_INTERNAL_URL: stub?.url ?? 'http://127.0.0.1:9',
          ...options.env,
        },
      });
      return new Harness(runtime, meetings, stub);
    } catch (error) {
      await stub?.close();
      await runtime.cleanup();
      throw error;
    }
  }

  async close(): Promise<void> {
    this.leaveLiveNotes();
    await this.meetings.close();
    await this.stub?.close();
    await this.runtime.cleanup();
  }

  /** svc-subscription as the tests play it. */
  get subscription(): EntitlementStub {
    if (!this.stub) throw new Error('This harness runs without svc-subscription.');
    return this.stub;
  }

  /**
   * `user`'s notes editor in a meeting's room on a replica (this harness's own unless named): a
   * Yjs document synced through the live connection. It stays until `leaveLiveNotes` or close.
   */
  async joinLiveNotes(
    user: TestUser,
    meetingId: string,
    replica: RunningService = this.meetings,
  ): Promise<LiveNotesClient> {
    const client = joinLiveNotes({
      url: `${replica.url.replace(/^http/, 'ws')}/api/meetings/${meetingId}/collab`,
      meetingId,
      headers: await this.runtime.tokens.bearer(user),
    });
    this.editors.add(client);
    await vi.waitFor(() => expect(client.provider.isSynced).toBe(true), { timeout: 10_000 });
    return client;
  }

  /** Every editor `joinLiveNotes` opened leaves its room. */
  leaveLiveNotes(): void {
    for (const client of this.editors) client.leave();
    this.editors.clear();
  }

  /** A client calling as `user`, or signed out with null. */
  as(user: TestUser | null): Client {
    return new Client(this, user);
  }

  async inject(
    user: TestUser | null,
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const auth = user ? await this.runtime.tokens.bearer(user) : {};
    const options: InjectOptions = { method, url, headers: { ...auth, ...headers } };
    if (payload !== undefined) {
      options.payload = typeof payload === 'string' ? payload : JSON.stringify(payload);
      options.headers = { 'content-type': 'application/json', ...options.headers };
    }
    return this.meetings.app.inject(options);
  }

  /**
   * Moves a user to a plan as svc-subscription would (the new answer, then `subscription.changed`)
   * and waits until svc-meetings has applied the event.
   */
  async setPlan(
    user: TestUser,
    status: 'trial' | 'free' | 'paid',
    trialExpiresOn?: Date,
  ): Promise<void> {
    this.subscription.set(user, status, trialExpiresOn);
    const event = envelope(Subjects.SubscriptionChanged, this.subscription.event(user));
    await this.meetings.bus.publish({
      id: event.id,
      subject: event.subject,
      body: event,
      headers: {},
    });
    await this.applied([event.id]);
  }

  /** Ends a user's trial now, as svc-subscription's operator route would. */
  async expireTrial(user: TestUser): Promise<void> {
    await this.setPlan(user, 'trial', new Date(Date.now() - 1000));
  }

  /** A user on the free plan, with no meetings, whose change svc-meetings has already applied. */
  async freeUser(): Promise<TestUser> {
    const user = testUser();
    await this.setPlan(user, 'free');
    return user;
  }

  cache(): Cache {
    return this.meetings.app.get<symbol, Cache>(CACHE);
  }

  /** Waits until svc-meetings' entitlement consumer has applied these events. */
  async applied(eventIds: string[], timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rows = (await this.meetings.dataSource.query(
        `SELECT event_id FROM processed_event WHERE consumer = $1 AND event_id = ANY($2::uuid[])`,
        [ENTITLEMENT_CONSUMER, eventIds],
      )) as unknown[];
      if (rows.length === eventIds.length) return;
      if (Date.now() > deadline)
        throw new Error(
          `svc-meetings applied ${rows.length} of ${eventIds.length} events within ${timeoutMs} ms`,
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The events svc-meetings wrote to its outbox, oldest first, optionally about one meeting. */
  async events(meetingId?: string): Promise<OutboxEvent[]> {
    const rows = (await this.meetings.dataSource.query(
      `SELECT body FROM outbox_event ORDER BY seq`,
    )) as { body: { subject: Subject; data: Record<string, unknown> } }[];
    return rows
      .map((row) => ({ subject: row.body.subject, data: row.body.data }))
      .filter((event) => meetingId === undefined || eventMeetingId(event) === meetingId);
  }
}

export function eventMeetingId(event: OutboxEvent): string | undefined {
  if (
    event.subject === Subjects.MeetingDeleted ||
    event.subject === Subjects.ActionAssigned ||
    event.subject === Subjects.MeetingShared ||
    event.subject === Subjects.RecapRequested
  )
    return event.data.meetingId as string;
  return (event.data.meeting as { id?: string } | undefined)?.id;
}

export class Client {
  constructor(
    private readonly harness: Harness,
    readonly user: TestUser | null,
  ) {}

  request(method: Method, url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.harness.inject(this.user, method, url, payload, headers);
  }

  get(url: string) {
    return this.request('GET', url);
  }

  post(url: string, payload?: unknown) {
    return this.request('POST', url, payload);
  }

  put(url: string, payload?: unknown) {
    return this.request('PUT', url, payload);
  }

  delete(url: string) {
    return this.request('DELETE', url);
  }

  /** Creates a meeting and returns it (fails the test if it cannot). */
  async create(title = `Meeting ${randomUUID().slice(0, 6)}`, date?: string): Promise<Meeting> {
    const response = await this.post('/api/meetings/create', date ? { title, date } : { title });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ meeting: Meeting }>().meeting;
  }

  async meeting(id: string): Promise<Meeting> {
    const response = await this.get(`/api/meetings/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ meeting: Meeting }>().meeting;
  }

  /** Runs a change that must succeed and returns the meeting it answers with. */
  async change(method: Method, url: string, payload?: unknown): Promise<Meeting> {
    const response = await this.request(method, url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ meeting: Meeting }>().meeting;
  }
}
