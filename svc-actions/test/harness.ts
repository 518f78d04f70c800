import { randomUUID } from 'node:crypto';
import {
  Subjects,
  type EventEnvelope,
  type MeetingDeleted,
  type MeetingSnapshot,
  type MeetingUpserted,
  type Subject,
} from '@meetings/contracts';
import type { RunningService } from '@meetings/service-kit';
import type { DataSource } from 'typeorm';
import { createTestRuntime, type TestRuntime, type TestUser } from '@meetings/service-kit/testing';
import { eventually } from '@meetings/testing/services';
import { startActionsService } from '../src/app.js';
import type { ActionsEnv } from '../src/config.js';
import { INDEX_CONSUMER } from '../src/action-index/meeting-events.controller.js';
import { emailKeys } from '../src/action-index/meeting-index.writer.js';

export const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789';

export interface IndexedMeetingView {
  id: string;
  version: number;
  deleted: boolean;
  title: string | null;
  date: string | null;
  ownerId: string | null;
  ownerEmail: string | null;
  sharedWith: string[];
  actions: {
    id: string;
    text: string;
    completed: boolean;
    order: number;
    hashtags: string[];
    assignee: string | null;
    dueDate: string | null;
  }[];
}

/** svc-actions on the test infrastructure (embedded, or the real servers when TEST_* is set). */
export class ActionsHarness {
  private constructor(
    readonly runtime: TestRuntime,
    readonly service: RunningService<ActionsEnv>,
  ) {}

  static async start(
    env: Record<string, string> = {},
    prepare?: (runtime: TestRuntime) => Promise<void>,
  ): Promise<ActionsHarness> {
    const runtime = await createTestRuntime();
    await prepare?.(runtime);
    const service = await startActionsService({
      shared: runtime.shared,
      port: 0,
      env: {
        ...runtime.env,
        OPERATOR_TOKEN,
        INDEX_REBUILD_ON_START: 'false',
        // Port 9 (discard) has no listener: svc-meetings is away unless a test says where it is.
        MEETINGS_INTERNAL_URL: 'http://127.0.0.1:9',
        ...env,
      },
    });
    return new ActionsHarness(runtime, service);
  }

  async close(): Promise<void> {
    await this.service.close();
    await this.runtime.cleanup();
  }

  async request(
    user: TestUser | null,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    return this.service.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { ...(user ? await this.runtime.tokens.bearer(user) : {}), ...headers },
    });
  }

  upserted(meeting: MeetingSnapshot): EventEnvelope<MeetingUpserted> {
    return envelope(Subjects.MeetingUpserted, { meeting });
  }

  deleted(deletion: MeetingDeleted): EventEnvelope<MeetingDeleted> {
    return envelope(Subjects.MeetingDeleted, deletion);
  }

  /** Publishes an event the way the outbox relay does and waits until the consumer recorded it. */
  async feed(event: EventEnvelope): Promise<void> {
    await this.publish(event, event.id);
    await this.waitProcessed(event.id);
  }

  /**
   * Delivers an event again as a new message (a redelivery the bus' de-duplication cannot see),
   * then a marker behind it on the same consumer, so that once the marker is in, so is the repeat.
   */
  async redeliver(event: EventEnvelope): Promise<void> {
    await this.publish(event, randomUUID());
    await this.feedMarker(event.subject as Subject);
  }

  /** Publishes an identical message twice (same message id), then a marker behind it. */
  async publishTwice(event: EventEnvelope): Promise<void> {
    await this.publish(event, event.id);
    await this.publish(event, event.id);
    await this.feedMarker(event.subject as Subject);
    await this.waitProcessed(event.id);
  }

  async processedCount(eventId: string): Promise<number> {
    const rows = await select<{ n: number }>(
      this.service.dataSource,
      `SELECT count(*)::int AS n FROM processed_event WHERE consumer = $1 AND event_id = $2`,
      [INDEX_CONSUMER, eventId],
    );
    return rows[0]!.n;
  }

  /** What the index holds for one meeting, or null. */
  async indexed(id: string): Promise<IndexedMeetingView | null> {
    const all = await this.dumpIndex(id);
    return all[0] ?? null;
  }

  /**
   * The whole index (or one meeting), in a stable order, without bookkeeping timestamps. Fails if
   * an action row's copy of its meeting's fields differs from the meeting, so every comparison of
   * the index also checks the copies, and the same for the meeting's reader rows.
   */
  async dumpIndex(onlyId?: string): Promise<IndexedMeetingView[]> {
    const stale = await select<{ id: string }>(
      this.service.dataSource,
      `SELECT a.id FROM indexed_action a JOIN indexed_meeting m ON m.id = a.meeting_id
       WHERE ($1::uuid IS NULL OR m.id = $1)
         AND (a.meeting_title, a.meeting_date, a.owner_id, a.owner_email, a.shared_with)
             IS DISTINCT FROM (m.title, m.date, m.owner_id, m.owner_email, m.shared_with)`,
      [onlyId ?? null],
    );
    if (stale.length > 0)
      throw new Error(
        `action rows out of step with their meeting: ${stale.map((r) => r.id).join(', ')}`,
      );
    // Reader rows: one per live meeting's owner id and shared e-mail, with its date and owner.
    const readers = await select<{ meeting_id: string; reader: string }>(
      this.service.dataSource,
      `WITH expected AS (
         SELECT m.id AS meeting_id, r.reader, m.date AS meeting_date, m.owner_id
         FROM indexed_meeting m CROSS JOIN LATERAL unnest(ARRAY[m.owner_id::text] || m.shared_with) AS r(reader)
         WHERE m.deleted_at IS NULL AND ($1::uuid IS NULL OR m.id = $1)
       ), actual AS (
         SELECT meeting_id, reader, meeting_date, owner_id FROM meeting_reader
         WHERE ($1::uuid IS NULL OR meeting_id = $1)
       )
       (SELECT meeting_id, reader FROM (SELECT * FROM expected EXCEPT ALL SELECT * FROM actual) missing)
       UNION ALL
       (SELECT meeting_id, reader FROM (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected) extra)`,
      [onlyId ?? null],
    );
    if (readers.length > 0)
      throw new Error(
        `reader rows out of step with their meeting: ${readers.map((r) => `${r.meeting_id} ${r.reader}`).join(', ')}`,
      );
    const meetings = await select<{
      id: string;
      version: number;
      deleted: boolean;
      title: string | null;
      date: Date | null;
      owner_id: string | null;
      owner_email: string | null;
      shared_with: string[];
    }>(
      this.service.dataSource,
      `SELECT id, version, deleted_at IS NOT NULL AS deleted, title, date, owner_id, owner_email, shared_with
       FROM indexed_meeting WHERE ($1::uuid IS NULL OR id = $1) ORDER BY id`,
      [onlyId ?? null],
    );
    const actions = await select<{
      meeting_id: string;
      id: string;
      text: string;
      completed: boolean;
      order: number;
      hashtags: string[];
      assignee: string | null;
      dueDate: string | null;
    }>(
      this.service.dataSource,
      `SELECT meeting_id, id, text, completed, "order", hashtags,
              assignee, to_char(due_date, 'YYYY-MM-DD') AS "dueDate" FROM indexed_action
       WHERE ($1::uuid IS NULL OR meeting_id = $1) ORDER BY meeting_id, id`,
      [onlyId ?? null],
    );
    return meetings.map((m) => ({
      id: m.id,
      version: m.version,
      deleted: m.deleted,
      title: m.title,
      date: m.date ? m.date.toISOString() : null,
      ownerId: m.owner_id,
      ownerEmail: m.owner_email,
      sharedWith: [...m.shared_with].sort(),
      actions: actions
        .filter((a) => a.meeting_id === m.id)
        .map(({ meeting_id: _m, ...rest }) => rest),
    }));
  }

  async clearIndex(): Promise<void> {
    await this.service.dataSource.query(`DELETE FROM indexed_action`);
    await this.service.dataSource.query(`DELETE FROM indexed_meeting`);
  }

  private async publish(event: EventEnvelope, messageId: string): Promise<void> {
    await this.service.bus.publish({ id: messageId, subject: event.subject, body: event });
  }

  /** Events of one subject are handled in order, so once this is in, everything before it is. */
  private async feedMarker(subject: Subject): Promise<void> {
    await this.feed(
      subject === Subjects.MeetingDeleted
        ? this.deleted({ meetingId: randomUUID(), version: 1 })
        : this.upserted(marker()),
    );
  }

  private async waitProcessed(eventId: string): Promise<void> {
    await eventually(async () => (await this.processedCount(eventId)) > 0);
  }
}

/** What the index should hold for a snapshot. */
export function expectedView(meeting: MeetingSnapshot): IndexedMeetingView {
  return {
    id: meeting.id,
    version: meeting.version,
    deleted: false,
    title: meeting.title,
    date: new Date(meeting.date).toISOString(),
    ownerId: meeting.ownerId,
    ownerEmail: meeting.ownerEmail,
    sharedWith: emailKeys(meeting.sharedWith).sort(),
    actions: [...meeting.actions]
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map(({ id, text, completed, order, hashtags, assignee, dueDate }) => ({
        id,
        text,
        completed,
        order,
        hashtags,
        assignee,
        dueDate,
      })),
  };
}

/** What a tombstone looks like: the version and nothing else. */
export function tombstoneView(id: string, version: number): IndexedMeetingView {
  return {
    id,
    version,
    deleted: true,
    title: null,
    date: null,
    ownerId: null,
    ownerEmail: null,
    sharedWith: [],
    actions: [],
  };
}

export function envelope<T>(subject: Subject, data: T): EventEnvelope<T> {
  return { id: randomUUID(), subject, occurredAt: new Date().toISOString(), data };
}

/** A meeting nobody owns in these tests, used only to know the consumer has caught up. */
function marker(): MeetingSnapshot {
  return {
    id: randomUUID(),
    version: 1,
    title: 'marker',
    date: '2000-01-01T00:00:00.000Z',
    ownerId: randomUUID(),
    ownerEmail: 'marker@example.com',
    sharedWith: [],
    seriesId: randomUUID(),
    actions: [],
  };
}

export { eventually };

/** A SELECT's rows (TypeORM answers a SELECT with its rows alone). */
async function select<T>(
  dataSource: DataSource,
  text: string,
  parameters?: unknown[],
): Promise<T[]> {
  return (await dataSource.query(text, parameters)) as T[];
}
