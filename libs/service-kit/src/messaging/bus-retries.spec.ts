import { randomUUID } from 'node:crypto';
import { DEAD_LETTER_PREFIX } from '@meetings/contracts';
import { eventually } from '@meetings/testing/services';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { CacheUnavailableError } from '../cache/cache.js';
import { deleteNamespaceStreams } from '../messaging/jetstream-bus.js';
import type { Delivery, MessageBus } from './bus.js';
import { InProcessBus } from './in-process-bus.js';
import { JetStreamBus } from './jetstream-bus.js';

// The retry rule both buses share: a failure of the event itself dead-letters it once its
// deliveries reach `maxDeliver`; a failure that only means "a dependency is away" never does, so
// an outage of the database, cache or another service cannot turn good events into dead letters.
const natsUrl = process.env.TEST_REAL === '1' ? process.env.TEST_NATS_URL : undefined;
const namespace = `retries${randomUUID().slice(0, 8)}`;
const logger = pino({ level: 'silent' });

const buses: [string, () => MessageBus][] = [['in-process bus', () => new InProcessBus(logger)]];
if (natsUrl)
  buses.push([
    'JetStream bus',
    () => new JetStreamBus({ url: natsUrl, name: 'bus-retries-test', namespace }, logger),
  ]);

afterAll(async () => {
  if (natsUrl) await deleteNamespaceStreams(natsUrl, namespace);
});

function event(subject: string) {
  const id = randomUUID();
  return { id, subject, body: { id, subject, occurredAt: new Date().toISOString(), data: {} } };
}

describe.each(buses)('%s', (_name, makeBus) => {
  it('retries a handler whose dependency is away beyond maxDeliver, and never dead-letters it', async () => {
    const bus = makeBus();
    const deadLetters: Delivery[] = [];
    const unsubscribe = bus.subscribe(`${DEAD_LETTER_PREFIX}.>`, (d) => deadLetters.push(d));
    const deliveries: number[] = [];
    let handled = false;
    try {
      await bus.consume({
        durable: `transient_${randomUUID().slice(0, 8)}`,
        subject: 'meetings.meeting.upserted',
        maxDeliver: 2,
        handler: async ({ deliveryCount }) => {
          deliveries.push(deliveryCount);
          if (deliveries.length <= 4) throw new CacheUnavailableError();
          handled = true;
        },
      });
      void bus.publish(event('meetings.meeting.upserted')).catch(() => undefined);
      await eventually(async () => handled, 20_000);
      expect(deliveries.length).toBe(5);
      expect(deadLetters).toEqual([]);
    } finally {
      unsubscribe();
      await bus.close();
    }
  });

  it('dead-letters an event that fails by itself after maxDeliver deliveries', async () => {
    const bus = makeBus();
    const deadLetters: Delivery[] = [];
    const unsubscribe = bus.subscribe(`${DEAD_LETTER_PREFIX}.>`, (d) => deadLetters.push(d));
    const deliveries: number[] = [];
    const durable = `poison_${randomUUID().slice(0, 8)}`;
    try {
      await bus.consume({
        durable,
        subject: 'meetings.meeting.deleted',
        maxDeliver: 3,
        handler: async ({ deliveryCount }) => {
          deliveries.push(deliveryCount);
          throw new Error('this event cannot be applied');
        },
      });
      const poison = event('meetings.meeting.deleted');
      void bus.publish(poison).catch(() => undefined);
      await eventually(async () => deadLetters.length > 0, 20_000);
      expect(deliveries).toEqual([1, 2, 3]);
      expect(deadLetters[0]!.subject).toBe(`${DEAD_LETTER_PREFIX}.${durable}`);
      expect(deadLetters[0]!.body).toMatchObject({ id: poison.id });
      // Terminated: it does not come back.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(deliveries).toEqual([1, 2, 3]);
    } finally {
      unsubscribe();
      await bus.close();
    }
  });

  it('transient failures, then a genuine one: dead-letters it at once, being past maxDeliver', async () => {
    const bus = makeBus();
    const deadLetters: Delivery[] = [];
    const unsubscribe = bus.subscribe(`${DEAD_LETTER_PREFIX}.>`, (d) => deadLetters.push(d));
    const deliveries: number[] = [];
    try {
      await bus.consume({
        durable: `outage_then_poison_${randomUUID().slice(0, 8)}`,
        subject: 'meetings.meeting.shared',
        maxDeliver: 2,
        handler: async ({ deliveryCount }) => {
          deliveries.push(deliveryCount);
          if (deliveryCount <= 3) throw new CacheUnavailableError();
          throw new Error('this event cannot be applied');
        },
      });
      void bus.publish(event('meetings.meeting.shared')).catch(() => undefined);
      await eventually(async () => deadLetters.length > 0, 20_000);
      expect(deliveries).toEqual([1, 2, 3, 4]);
      expect(deadLetters).toHaveLength(1);
    } finally {
      unsubscribe();
      await bus.close();
    }
  });
});
