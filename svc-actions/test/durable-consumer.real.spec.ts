import { Subjects, type MeetingUpserted } from '@meetings/contracts';
import { createLogger, JetStreamBus, type RunningService } from '@meetings/service-kit';
import { createTestRuntime, testUser, type TestRuntime } from '@meetings/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startActionsService } from '../src/app.js';
import type { ActionsEnv } from '../src/config.js';
import { action, FakeMeetings } from './fake-meetings.js';
import { envelope, eventually } from './harness.js';

/** Only on NATS JetStream: events published while svc-actions is down wait for its durable consumer. */
let runtime: TestRuntime;
let publisher: JetStreamBus;
let service: RunningService<ActionsEnv> | undefined;
const meetings = new FakeMeetings();
const owner = testUser();

const start = () =>
  startActionsService({
    shared: runtime.shared,
    port: 0,
    env: { ...runtime.env, INDEX_REBUILD_ON_START: 'false' },
  });

async function indexedTitle(id: string): Promise<string | undefined> {
  const rows = (await service!.dataSource.query(`SELECT title FROM indexed_meeting WHERE id = $1`, [
    id,
  ])) as { title: string }[];
  return rows[0]?.title;
}

async function publish(data: MeetingUpserted): Promise<void> {
  const event = envelope(Subjects.MeetingUpserted, data);
  await publisher.publish({ id: event.id, subject: event.subject, body: event });
}

beforeAll(async () => {
  runtime = await createTestRuntime();
  if (!runtime.env.NATS_URL) throw new Error('needs TEST_NATS_URL');
  publisher = new JetStreamBus(
    { url: runtime.env.NATS_URL, name: 'test-publisher', namespace: runtime.env.NATS_NAMESPACE },
    createLogger('publisher', 'silent'),
  );
});

afterAll(async () => {
  await service?.close();
  await publisher?.close();
  await runtime?.cleanup();
});

describe('the durable consumer on JetStream', () => {
  it('applies what was published while svc-actions was down once it is back', async () => {
    service = await start();
    const first = meetings.create(owner, {
      title: 'Before the outage',
      actions: [action('one', 1)],
    });
    await publish({ meeting: first });
    await eventually(async () => (await indexedTitle(first.id)) === 'Before the outage');
    await service.close();
    service = undefined;

    const renamed = meetings.change(first.id, (m) => (m.title = 'During the outage'));
    const created = meetings.create(owner, {
      title: 'Created during the outage',
      actions: [action('two', 1)],
    });
    await publish({ meeting: renamed });
    await publish({ meeting: created });

    service = await start();
    await eventually(
      async () =>
        (await indexedTitle(first.id)) === 'During the outage' &&
        (await indexedTitle(created.id)) !== undefined,
    );
    expect(await indexedTitle(created.id)).toBe('Created during the outage');
  });
});
