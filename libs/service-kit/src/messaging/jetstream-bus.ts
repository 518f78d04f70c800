import { setTimeout as sleep } from 'node:timers/promises';
import {
  DEAD_LETTER_PREFIX,
  Streams,
  streamForSubject,
  type StreamName,
} from '@meetings/contracts';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import {
  connect,
  headers as natsHeaders,
  nanos,
  type MsgHdrs,
  type NatsConnection,
} from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { errorMessage } from '../errors/domain-error.js';
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
import { backoffMs, redeliveryDelay } from './redelivery.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const STREAM_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const ACK_WAIT_MS = 30_000;
const PUBLISH_TIMEOUT_MS = 5_000;

export interface JetStreamBusOptions {
  url: string;
  /** Connection name shown by the NATS server (the service name). */
  name: string;
  /** Prefix for every subject, stream and consumer name (isolates test runs sharing a server). */
  namespace?: string;
}

/**
 * The messaging contract on NATS: events in JetStream streams (file storage, de-duplication by
 * Nats-Msg-Id), durable pull consumers with explicit acks, redelivery with backoff, dead letters
 * after `maxDeliver`. The connection is made in the background and re-made forever, so a service
 * starts and answers while NATS is away: publishing waits (the outbox keeps the events).
 */
export class JetStreamBus implements MessageBus {
  readonly kind = 'nats' as const;
  private nc: NatsConnection | null = null;
  private js: JetStreamClient | null = null;
  private jsm: JetStreamManager | null = null;
  private readonly ready: Promise<void>;
  private readonly ensuredStreams = new Map<StreamName, Promise<void>>();
  private readonly stoppers: (() => void)[] = [];
  private readonly consumers: { spec: ConsumerSpec; stream: StreamName }[] = [];
  private closed = false;
  /** Set by stopIntake(): no new events for this process's handlers. */
  private intakeStopped = false;
  private readonly inFlight = new Set<Promise<void>>();
  private connected = false;

  constructor(
    private readonly options: JetStreamBusOptions,
    private readonly logger: Logger,
  ) {
    this.ready = this.connectLoop();
    this.ready.catch(() => undefined);
  }

  private out(subject: string): string {
    return this.options.namespace ? `${this.options.namespace}.${subject}` : subject;
  }

  private in(subject: string): string {
    return this.options.namespace ? subject.slice(this.options.namespace.length + 1) : subject;
  }

  /** A stream's or a durable consumer's name on the server. */
  private named(name: string): string {
    return this.options.namespace ? `${this.options.namespace}_${name}` : name;
  }

  private async connectLoop(): Promise<void> {
    for (let attempt = 1; !this.closed; attempt++) {
      try {
        const nc = await connect({
          servers: this.options.url,
          name: this.options.name,
          maxReconnectAttempts: -1,
          reconnectTimeWait: 1_000,
          timeout: 3_000,
        });
        this.nc = nc;
        this.connected = true;
        this.js = jetstream(nc, { timeout: PUBLISH_TIMEOUT_MS });
        this.jsm = await jetstreamManager(nc, { timeout: PUBLISH_TIMEOUT_MS });
        void this.watchStatus(nc);
        this.logger.info({ server: nc.getServer() }, 'connected to NATS');
        return;
      } catch (error) {
        if (attempt === 1 || attempt % 30 === 0)
          this.logger.warn({ err: error, attempt }, 'NATS not reachable yet; retrying');
        await sleep(Math.min(2_000, 200 * attempt));
      }
    }
    throw new BusUnavailableError('NATS');
  }

  private async watchStatus(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') {
        this.connected = false;
        this.logger.warn('NATS connection lost; reconnecting');
      }
      if (status.type === 'reconnect') {
        this.connected = true;
        this.logger.info('NATS connection restored');
      }
    }
  }

  private async ensureStream(name: StreamName): Promise<void> {
    let pending = this.ensuredStreams.get(name);
    if (!pending) {
      pending = this.createOrUpdateStream(name);
      this.ensuredStreams.set(name, pending);
      pending.catch(() => this.ensuredStreams.delete(name));
    }
    return pending;
  }

  private async createOrUpdateStream(name: StreamName): Promise<void> {
    await this.ready;
    const jsm = this.jsm!;
    const config = {
      name: this.named(name),
      subjects: Streams[name].subjects.map((subject) => this.out(subject)),
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      max_age: nanos(STREAM_MAX_AGE_MS),
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    };
    await upsert(
      () => jsm.streams.update(config.name, config),
      () => jsm.streams.add(config),
    );
  }

  async publish(message: BusMessage): Promise<void> {
    if (this.closed) throw new BusUnavailableError(message.subject);
    await this.ready;
    await this.ensureStream(streamForSubject(message.subject));
    await this.js!.publish(
      this.out(message.subject),
      encoder.encode(JSON.stringify(message.body)),
      {
        msgID: message.id,
        headers: toNatsHeaders(message.headers),
        timeout: PUBLISH_TIMEOUT_MS,
      },
    );
  }

  async consume(spec: ConsumerSpec): Promise<void> {
    const stream = streamForSubject(spec.subject);
    this.consumers.push({ spec, stream });
    void this.consumeLoop(spec, stream);
  }

  async consumerLag(): Promise<ConsumerLag[]> {
    if (!this.jsm || !this.isConnected()) return [];
    const lags: ConsumerLag[] = [];
    for (const { spec, stream } of this.consumers) {
      try {
        const info = await this.jsm.consumers.info(this.named(stream), this.named(spec.durable));
        lags.push({
          consumer: spec.durable,
          pending: info.num_pending,
          ackPending: info.num_ack_pending,
        });
      } catch {
        // Not created yet, or NATS is away: no figure rather than a wrong one.
      }
    }
    return lags;
  }

  private async consumeLoop(spec: ConsumerSpec, stream: StreamName): Promise<void> {
    // close() stops the intake too.
    for (let attempt = 1; !this.intakeStopped; attempt++) {
      try {
        await this.ready;
        await this.ensureStream(stream);
        await this.ensureConsumer(spec, stream);
        const consumer = await this.js!.consumers.get(this.named(stream), this.named(spec.durable));
        const messages = await consumer.consume({ max_messages: 64 });
        if (this.intakeStopped) {
          void messages.close();
          return;
        }
        this.stoppers.push(() => void messages.close());
        attempt = 0;
        for await (const msg of messages) {
          await this.track(this.handle(spec, msg));
          if (this.intakeStopped) break;
        }
      } catch (error) {
        if (this.intakeStopped) return;
        this.logger.warn({ err: error, consumer: spec.durable }, 'consumer interrupted; resuming');
        await sleep(Math.min(5_000, 250 * attempt));
      }
    }
  }

  private async ensureConsumer(spec: ConsumerSpec, streamName: StreamName): Promise<void> {
    const jsm = this.jsm!;
    const stream = this.named(streamName);
    const durable = this.named(spec.durable);
    const config = {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: this.out(spec.subject),
      // No server-side limit: redeliveryDelay decides, and waits out a dependency that is away.
      max_deliver: -1,
      ack_wait: nanos(ACK_WAIT_MS),
      max_ack_pending: 1_000,
    };
    await upsert(
      () => jsm.consumers.update(stream, durable, config),
      () => jsm.consumers.add(stream, config),
    );
  }

  private async handle(spec: ConsumerSpec, msg: JsMsg): Promise<void> {
    const deliveryCount = msg.info.deliveryCount;
    const headers = fromNatsHeaders(msg.headers);
    let body: unknown;
    try {
      body = JSON.parse(decoder.decode(msg.data));
    } catch {
      await this.deadLetter(spec, msg, headers, 'not JSON');
      return;
    }
    try {
      await spec.handler({ subject: this.in(msg.subject), body, headers, deliveryCount });
      await msg.ackAck().catch(() => msg.ack());
    } catch (error) {
      const delayMs = redeliveryDelay(spec, msg.subject, deliveryCount, error, this.logger);
      if (delayMs === null) await this.deadLetter(spec, msg, headers, errorMessage(error));
      else msg.nak(delayMs);
    }
  }

  private async deadLetter(
    spec: ConsumerSpec,
    msg: JsMsg,
    headers: Headers,
    reason: string,
  ): Promise<void> {
    try {
      await this.ensureStream('DLQ');
      await this.js!.publish(this.out(`${DEAD_LETTER_PREFIX}.${spec.durable}`), msg.data, {
        headers: toNatsHeaders({
          ...headers,
          'x-original-subject': this.in(msg.subject),
          'x-dead-letter-reason': reason.slice(0, 200),
        }),
        msgID: `dlq-${spec.durable}-${msg.info.streamSequence}`,
      });
      msg.term(reason);
      this.logger.error(
        { consumer: spec.durable, subject: msg.subject, reason },
        'event dead-lettered',
      );
    } catch (error) {
      // Without the dead letter stored, keep the message: it comes back after the backoff.
      this.logger.error({ err: error, consumer: spec.durable }, 'dead-lettering failed');
      msg.nak(backoffMs(msg.info.deliveryCount));
    }
  }

  subscribe(subject: string, handler: (delivery: Delivery) => void): () => void {
    let subscription: { unsubscribe(): void } | null = null;
    let cancelled = false;
    void this.ready.then(() => {
      if (cancelled || !this.nc) return;
      subscription = this.nc.subscribe(this.out(subject), {
        callback: (error, msg) => {
          if (error) return;
          try {
            handler({
              subject: this.in(msg.subject),
              body: JSON.parse(decoder.decode(msg.data)),
              headers: fromNatsHeaders(msg.headers),
              deliveryCount: 1,
            });
          } catch (handlerError) {
            this.logger.warn({ err: handlerError, subject }, 'subscriber failed');
          }
        },
      });
    });
    return () => {
      cancelled = true;
      subscription?.unsubscribe();
    };
  }

  /** Follows one piece of accepted work, so shutdown can wait for it. */
  private async track(running: Promise<void>): Promise<void> {
    this.inFlight.add(running);
    try {
      await running;
    } finally {
      this.inFlight.delete(running);
    }
  }

  async stopIntake(timeoutMs: number): Promise<void> {
    if (this.intakeStopped) return;
    this.intakeStopped = true;
    for (const stop of this.stoppers.splice(0)) stop();
    // Bounded by the grace period; the timer does not keep the process alive.
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      sleep(timeoutMs, undefined, { ref: false }),
    ]);
  }

  isConnected(): boolean {
    return this.connected && !this.closed && !!this.nc && !this.nc.isClosed();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.intakeStopped = true;
    for (const stop of this.stoppers.splice(0)) stop();
    if (this.nc && !this.nc.isClosed()) await this.nc.drain().catch(() => this.nc?.close());
  }
}

function toNatsHeaders(values: Headers | undefined): MsgHdrs | undefined {
  if (!values || Object.keys(values).length === 0) return undefined;
  const h = natsHeaders();
  for (const [key, value] of Object.entries(values)) h.set(key, value);
  return h;
}

function fromNatsHeaders(h: MsgHdrs | undefined): Headers {
  const result: Headers = {};
  if (!h) return result;
  for (const key of h.keys()) {
    const value = h.get(key);
    if (value) result[key.toLowerCase()] = value;
  }
  return result;
}

/** Brings a stream or consumer to its configuration, creating it when it does not exist yet. */
async function upsert(update: () => Promise<unknown>, add: () => Promise<unknown>): Promise<void> {
  try {
    await update();
  } catch (error) {
    if (!isNotFound(error)) throw error;
    // Another replica may create it first.
    await add().catch((addError: unknown) => {
      if (!isAlreadyInUse(addError)) throw addError;
    });
  }
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof JetStreamApiError && (error.code === 404 || /not found/i.test(error.message))
  );
}

function isAlreadyInUse(error: unknown): boolean {
  return error instanceof JetStreamApiError && /already in use|already exists/i.test(error.message);
}

/** Removes the streams a bus with `namespace` created: a test or benchmark run cleaning up. */
export async function deleteNamespaceStreams(url: string, namespace: string): Promise<void> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    for await (const stream of jsm.streams.list()) {
      if (stream.config.name.startsWith(`${namespace}_`))
        await jsm.streams.delete(stream.config.name);
    }
  } finally {
    await nc.close();
  }
}
