import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { deleteNamespaceStreams } from '../messaging/jetstream-bus.js';
import { JetStreamBus } from './jetstream-bus.js';

// Graceful shutdown over NATS: a service that stops takes no new events, and what it had already
// accepted is finished while its database is still open.
const natsUrl = process.env.TEST_REAL === '1' ? process.env.TEST_NATS_URL : undefined;
const namespace = `shutdown${randomUUID().slice(0, 8)}`;
const logger = pino({ level: 'silent' });

afterAll(async () => {
  if (natsUrl) await deleteNamespaceStreams(natsUrl, namespace);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(natsUrl)('JetStream bus, stopping intake', () => {
  const bus = (name: string) => new JetStreamBus({ url: natsUrl!, name, namespace }, logger);

  it('finishes the event it is handling and leaves the rest for whoever consumes next', async () => {
    const durable = `shutdown_${randomUUID().slice(0, 8)}`;
    const first = bus('shutdown-consumer-1');
    const publisher = bus('shutdown-publisher');
    const handledByFirst: string[] = [];
    let finishedWithDatabase = 0;
    let databaseOpen = true;
    let started!: () => void;
    const handling = new Promise<void>((resolve) => (started = resolve));
    const ids = Array.from({ length: 3 }, () => randomUUID());
    try {
      await first.consume({
        durable,
        subject: 'meetings.meeting.upserted',
        handler: async ({ body }) => {
          handledByFirst.push((body as { id: string }).id);
          started();
          await sleep(300);
          if (databaseOpen) finishedWithDatabase++;
        },
      });
      for (const id of ids)
        await publisher.publish({
          id,
          subject: 'meetings.meeting.upserted',
          body: { id, subject: 'meetings.meeting.upserted', occurredAt: new Date().toISOString() },
        });
      await handling;
      await first.stopIntake(5_000);
      databaseOpen = false;
      // Whatever the first consumer began, it finished with its database open.
      expect(finishedWithDatabase).toBe(handledByFirst.length);
      expect(handledByFirst.length).toBeLessThan(ids.length);
    } finally {
      await first.close();
    }

    // A replica (or the restarted service) gets every event the first one did not finish.
    const second = bus('shutdown-consumer-2');
    const handledBySecond = new Set<string>();
    try {
      await second.consume({
        durable,
        subject: 'meetings.meeting.upserted',
        handler: async ({ body }) => {
          handledBySecond.add((body as { id: string }).id);
        },
      });
      const deadline = Date.now() + 45_000;
      while (
        ids.some((id) => !handledByFirst.includes(id) && !handledBySecond.has(id)) &&
        Date.now() < deadline
      )
        await sleep(100);
      for (const id of ids)
        expect(handledByFirst.includes(id) || handledBySecond.has(id), id).toBe(true);
    } finally {
      await second.close();
      await publisher.close();
    }
  }, 60_000);
});
