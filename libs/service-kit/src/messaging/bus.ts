import type { z } from 'zod';

export type Headers = Record<string, string>;

/** An event on its way out: `id` doubles as the de-duplication id (Nats-Msg-Id). */
export interface BusMessage {
  id: string;
  subject: string;
  /** The whole envelope ({ id, subject, occurredAt, data }) as JSON-ready data. */
  body: unknown;
  headers?: Headers;
}

export interface Delivery {
  subject: string;
  body: unknown;
  headers: Headers;
  /** 1 on the first delivery, then counting redeliveries. */
  deliveryCount: number;
}

/** A delivered event's data, or undefined when it is not of the schema's shape. */
export function eventData<S extends z.ZodType>(
  delivery: Delivery,
  schema: S,
): z.infer<S> | undefined {
  const parsed = schema.safeParse((delivery.body as { data?: unknown } | null)?.data);
  return parsed.success ? parsed.data : undefined;
}

export interface ConsumerSpec {
  /** Durable name: several replicas with the same name share the work. */
  durable: string;
  /** The bus works out the stream that holds it, as publish does. */
  subject: string;
  /** From this delivery on, a failure of the event itself dead-letters it (see redelivery.ts). */
  maxDeliver?: number;
  handler: (delivery: Delivery) => Promise<void>;
}

/**
 * The one messaging contract of the platform. Durable events are at-least-once with explicit
 * acknowledgement after the handler's work, bounded retries, then a dead-letter subject. Services
 * ask each other over HTTP, never over the bus. NATS JetStream and the in-process bus implement it.
 */
export interface MessageBus {
  readonly kind: 'nats' | 'in-process';
  /** Durable publish: resolves once the bus has taken responsibility for the message. */
  publish(message: BusMessage): Promise<void>;
  consume(spec: ConsumerSpec): Promise<void>;
  /** Best-effort broadcast to every live subscriber (each replica sees it), nothing stored. */
  subscribe(subject: string, handler: (delivery: Delivery) => void): () => void;
  isConnected(): boolean;
  /**
   * Graceful shutdown, step one: takes no new events for this process's consumers (other replicas
   * take them) and resolves once those being handled have answered, so
   * nothing already accepted meets a closed database. The connection stays open for the process's
   * own calls until `close()`. The in-process bus has none: in one process the gateway closes first.
   */
  stopIntake?(timeoutMs: number): Promise<void>;
  /** Messages each durable consumer of this process has yet to finish (the consumer lag). */
  consumerLag(): Promise<ConsumerLag[]>;
  close(): Promise<void>;
}

export interface ConsumerLag {
  consumer: string;
  /** Stored but not yet delivered. */
  pending: number;
  /** Delivered but not yet acknowledged. */
  ackPending: number;
}

export class BusUnavailableError extends Error {
  constructor(subject: string) {
    super(`${subject} cannot be reached right now.`);
    this.name = 'BusUnavailableError';
  }
}

/** How long a message id is remembered, so that publishing it again is not delivered twice. */
export const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;
