import { setTimeout as sleep } from 'node:timers/promises';
import { DEAD_LETTER_PREFIX, streamForSubject, subjectMatches } from '@meetings/contracts';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import {
  BusUnavailableError,
  DUPLICATE_WINDOW_MS,
  type BusMessage,
  type ConsumerLag,
  type ConsumerSpec,
  type Delivery,
  type Headers,
  type MessageBus,
} from './bus.js';
import { redeliveryDelay } from './redelivery.js';

interface Consumer {
  spec: ConsumerSpec;
  /** Deliveries queued or running. */
  inFlight: number;
  /** Deliveries to one consumer happen one at a time, in publish order. */
  queue: Promise<void>;
}

/**
 * The embedded stand-in for NATS JetStream, keeping its contract inside one process: durable
 * consumers (one per durable name, shared by its "replicas"), delivery retried with backoff and
 * then dead-lettered, de-duplication by message id.
 *
 * `publish` resolves only after every consumer has handled (or dead-lettered) the message, so the
 * outbox marks an event sent only once it is safely applied: a crash in between re-sends it and
 * idempotent consumers skip the repeat. Until `open()`, publishing waits, so that consumers of
 * every service in the process are registered before the first event flows.
 */
export class InProcessBus implements MessageBus {
  readonly kind = 'in-process' as const;
  private readonly consumers = new Map<string, Consumer>();
  private readonly subscribers = new Set<{ subject: string; handler: (d: Delivery) => void }>();
  private readonly recentIds = new LRUCache<string, true>({
    max: 100_000,
    ttl: DUPLICATE_WINDOW_MS,
  });
  private opened: Promise<void>;
  private openGate!: () => void;
  private closed = false;

  constructor(
    private readonly logger: Logger,
    options: { deferred?: boolean } = {},
  ) {
    this.opened = new Promise((resolve) => (this.openGate = resolve));
    if (!options.deferred) this.openGate();
  }

  /** Lets held publications flow (the embedded host calls it once every service has started). */
  open(): void {
    this.openGate();
  }

  async publish(message: BusMessage): Promise<void> {
    await this.opened;
    if (this.closed) throw new BusUnavailableError(message.subject);
    if (this.recentIds.has(message.id)) return;
    this.recentIds.set(message.id, true);
    const headers = message.headers ?? {};
    this.broadcast(message.subject, message.body, headers);
    const deliveries = [...this.consumers.values()]
      .filter((c) => subjectMatches(c.spec.subject, message.subject))
      .map((consumer) => this.enqueue(consumer, message, headers));
    await Promise.all(deliveries);
  }

  async consume(spec: ConsumerSpec): Promise<void> {
    // A subject no stream holds fails here, as it does on JetStream.
    streamForSubject(spec.subject);
    // A second registration under the same durable name is another replica: it shares the work.
    if (!this.consumers.has(spec.durable))
      this.consumers.set(spec.durable, { spec, queue: Promise.resolve(), inFlight: 0 });
  }

  subscribe(subject: string, handler: (delivery: Delivery) => void): () => void {
    const entry = { subject, handler };
    this.subscribers.add(entry);
    return () => this.subscribers.delete(entry);
  }

  isConnected(): boolean {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.openGate();
    await Promise.all([...this.consumers.values()].map((c) => c.queue));
  }

  async consumerLag(): Promise<ConsumerLag[]> {
    return [...this.consumers.values()].map((c) => ({
      consumer: c.spec.durable,
      pending: c.inFlight,
      ackPending: 0,
    }));
  }

  private enqueue(consumer: Consumer, message: BusMessage, headers: Headers): Promise<void> {
    consumer.inFlight++;
    const run = consumer.queue
      .then(() => this.deliver(consumer.spec, message, headers))
      .finally(() => consumer.inFlight--);
    consumer.queue = run.catch(() => undefined);
    return run;
  }

  private async deliver(spec: ConsumerSpec, message: BusMessage, headers: Headers): Promise<void> {
    for (let deliveryCount = 1; ; deliveryCount++) {
      try {
        const body = JSON.parse(JSON.stringify(message.body)) as unknown;
        await spec.handler({ subject: message.subject, body, headers, deliveryCount });
        return;
      } catch (error) {
        const delayMs = redeliveryDelay(spec, message.subject, deliveryCount, error, this.logger);
        if (delayMs === null) break;
        if (!this.closed) await sleep(delayMs);
        if (this.closed) throw error;
      }
    }
    this.logger.error(
      { consumer: spec.durable, subject: message.subject, messageId: message.id },
      'event dead-lettered',
    );
    this.broadcast(`${DEAD_LETTER_PREFIX}.${spec.durable}`, message.body, {
      ...headers,
      'x-original-subject': message.subject,
    });
  }

  private broadcast(subject: string, body: unknown, headers: Headers): void {
    for (const subscriber of this.subscribers) {
      if (!subjectMatches(subscriber.subject, subject)) continue;
      try {
        subscriber.handler({ subject, body, headers, deliveryCount: 1 });
      } catch (error) {
        this.logger.warn({ err: error, subject }, 'subscriber failed');
      }
    }
  }
}
