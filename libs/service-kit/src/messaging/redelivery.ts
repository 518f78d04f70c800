import type { Logger } from 'pino';
import { transientFailure } from '../errors/transient.js';
import type { ConsumerSpec } from './bus.js';

const DEFAULT_MAX_DELIVER = 5;

/** 200 ms, 400 ms … 6.4 s from the sixth delivery on: a dependency that is back is soon noticed. */
export function backoffMs(deliveryCount: number): number {
  return 200 * 2 ** (Math.min(deliveryCount, 6) - 1);
}

/**
 * The retry rule of both buses: milliseconds until the next delivery, or null to dead-letter. Only
 * a failure of the event itself dead-letters, once deliveries reach maxDeliver; one meaning "a
 * dependency is away" never does. Deliveries are counted, not failures: JetStream's redeliveries
 * cannot carry a count of their own.
 */
export function redeliveryDelay(
  spec: ConsumerSpec,
  subject: string,
  deliveryCount: number,
  error: unknown,
  logger: Logger,
): number | null {
  const transient = transientFailure(error) !== null;
  logger.warn(
    { err: error, consumer: spec.durable, subject, deliveryCount, transient },
    'event handling failed',
  );
  if (!transient && deliveryCount >= (spec.maxDeliver ?? DEFAULT_MAX_DELIVER)) return null;
  return backoffMs(deliveryCount);
}
