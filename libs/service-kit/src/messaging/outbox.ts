import { randomUUID } from 'node:crypto';
import type { EventEnvelope, Subject } from '@meetings/contracts';
import { SpanKind, trace, type Tracer } from '@opentelemetry/api';
import type { Logger } from 'pino';
import {
  And,
  In,
  IsNull,
  LessThan,
  MoreThanOrEqual,
  type DataSource,
  type EntityManager,
} from 'typeorm';
import { errorMessage } from '../errors/domain-error.js';
import { currentRequestId } from '../request-context.js';
import { extractContext, inSpan, traceHeaders } from '../telemetry/tracing.js';
import type { MessageBus } from './bus.js';
import { OutboxEvent, ProcessedEvent } from './messaging-tables.js';

export type Emit = (subject: Subject, data: unknown) => EventEnvelope;

type Claimed = Pick<OutboxEvent, 'seq' | 'id' | 'subject' | 'body' | 'headers' | 'attempts'>;
const CLAIMED: (keyof Claimed)[] = ['seq', 'id', 'subject', 'body', 'headers', 'attempts'];

const BATCH = 100;
const CLAIM_SECONDS = 30;
const POLL_MS = 1_000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const KEEP_PUBLISHED_DAYS = 7;
/** Longer than the streams keep messages, so any redelivery is still recognised. */
const KEEP_PROCESSED_DAYS = 14;

/**
 * Transactional outbox and inbox. `transaction` runs a unit of work and writes the events it
 * emits in the same transaction; `consumeOnce` applies an incoming event at most once by recording
 * its id in that transaction. A relay publishes written events to the bus with the event id as
 * de-duplication id, in order, and marks them published only after the bus has them.
 */
export class Outbox {
  private wake: (() => void) | null = null;
  private running = false;
  private loop: Promise<void> | null = null;
  private lastPrune = 0;
  private pendingKick = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: MessageBus,
    private readonly logger: Logger,
    private readonly tracer: Tracer = trace.getTracer('noop'),
  ) {}

  async transaction<T>(work: (manager: EntityManager, emit: Emit) => Promise<T>): Promise<T> {
    let written = 0;
    const result = await this.dataSource.transaction(async (manager) => {
      const events: EventEnvelope[] = [];
      const value = await work(manager, (subject, data) => {
        const event = envelope(subject, data);
        events.push(event);
        return event;
      });
      await this.write(manager, events);
      written = events.length;
      return value;
    });
    // A commit without events leaves the relay asleep: woken, it would only claim nothing (one
    // statement per consumed event or unpublished change).
    if (written > 0) this.kick();
    return result;
  }

  /**
   * Applies an event once per consumer. Returns false when this consumer already applied it
   * (a redelivery or a duplicate), in which case `work` does not run.
   */
  async consumeOnce(
    consumer: string,
    eventId: string,
    work: (manager: EntityManager, emit: Emit) => Promise<void>,
  ): Promise<boolean> {
    let applied = false;
    await this.transaction(async (manager, emit) => {
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(ProcessedEvent)
        .values({ consumer, eventId })
        .orIgnore()
        .returning(['consumer'])
        .updateEntity(false)
        .execute();
      if ((inserted.raw as unknown[]).length === 0) return;
      await work(manager, emit);
      applied = true;
    });
    return applied;
  }

  /** Events waiting for the bus (a metric and a readiness hint). */
  async backlog(): Promise<number> {
    return this.dataSource.manager.countBy(OutboxEvent, { publishedAt: IsNull() });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  /** Publishes soon instead of at the next poll (called after each commit that wrote events). */
  private kick(): void {
    this.pendingKick = true;
    this.wake?.();
  }

  /** Publishes everything pending now, without the relay; for tests. */
  async flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const sent = await this.relayBatch();
      total += sent;
      if (sent < BATCH) return total;
    }
  }

  private async write(manager: EntityManager, events: EventEnvelope[]): Promise<void> {
    if (events.length === 0) return;
    const requestId = currentRequestId();
    // The request's trace context is kept with the event, so its consumers join the same trace.
    const headers = { ...traceHeaders(), ...(requestId ? { 'x-request-id': requestId } : {}) };
    await manager
      .createQueryBuilder()
      .insert()
      .into(OutboxEvent)
      .values(
        events.map((event) => ({ id: event.id, subject: event.subject, body: event, headers })),
      )
      .updateEntity(false)
      .execute();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let sent = 0;
      let failed = false;
      try {
        this.pendingKick = false;
        sent = await this.relayBatch();
        if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) await this.prune();
      } catch (error) {
        failed = true;
        this.logger.warn({ err: error }, 'outbox relay pass failed');
      }
      if (!this.running) break;
      if (!failed && (sent === BATCH || this.pendingKick)) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /**
   * Claims a batch (other replicas skip it), publishes in order, stops at the first failure and
   * marks what the bus took as published.
   */
  private async relayBatch(): Promise<number> {
    const pending = this.dataSource
      .createQueryBuilder(OutboxEvent, 'pending')
      .select('pending.seq')
      .where('pending.publishedAt IS NULL')
      .andWhere('(pending.claimedUntil IS NULL OR pending.claimedUntil < now())')
      .orderBy('pending.seq')
      .limit(BATCH)
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked');
    const claim = await this.dataSource
      .createQueryBuilder()
      .update(OutboxEvent)
      .set({
        claimedUntil: () => `now() + interval '${CLAIM_SECONDS} seconds'`,
        attempts: () => 'attempts + 1',
      })
      .where(`seq IN (${pending.getQuery()})`)
      .returning(CLAIMED)
      .updateEntity(false)
      .execute();
    const claimed = claim.raw as Claimed[];
    claimed.sort((a, b) => Number(a.seq) - Number(b.seq));
    const published: string[] = [];
    for (const row of claimed) {
      try {
        await inSpan(
          this.tracer,
          `publish ${row.subject}`,
          {
            kind: SpanKind.PRODUCER,
            parent: extractContext(row.headers),
            attributes: { 'messaging.message.id': row.id },
          },
          () =>
            this.bus.publish({
              id: row.id,
              subject: row.subject,
              body: row.body,
              headers: { ...row.headers, ...traceHeaders() },
            }),
        );
      } catch (error) {
        const retryInSeconds = Math.min(30, 2 ** Math.min(row.attempts, 5));
        await this.dataSource.manager.update(
          OutboxEvent,
          {
            seq: And(MoreThanOrEqual(row.seq), In(claimed.map((c) => c.seq))),
            publishedAt: IsNull(),
          },
          {
            claimedUntil: () => `now() + interval '${retryInSeconds} seconds'`,
            lastError: errorMessage(error).slice(0, 500),
          },
        );
        if (row.attempts === 1 || row.attempts % 10 === 0) {
          this.logger.warn(
            { err: error, subject: row.subject, eventId: row.id, attempts: row.attempts },
            'event not published yet; will retry',
          );
        }
        break;
      }
      published.push(row.seq);
    }
    // Should this fail, the events go out again once their claim lapses; the bus drops the repeat.
    if (published.length > 0)
      await this.dataSource.manager.update(
        OutboxEvent,
        { seq: In(published) },
        { publishedAt: () => 'now()', claimedUntil: null, lastError: null },
      );
    return published.length;
  }

  private async prune(): Promise<void> {
    this.lastPrune = Date.now();
    await this.dataSource.manager.delete(OutboxEvent, {
      publishedAt: LessThan(daysAgo(KEEP_PUBLISHED_DAYS)),
    });
    await this.dataSource.manager.delete(ProcessedEvent, {
      processedAt: LessThan(daysAgo(KEEP_PROCESSED_DAYS)),
    });
  }
}

export function envelope(subject: Subject, data: unknown): EventEnvelope {
  return { id: randomUUID(), subject, occurredAt: new Date().toISOString(), data };
}

function daysAgo(days: number): Date {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000);
}
