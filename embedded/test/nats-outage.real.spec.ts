import { startPrivateNats } from '@meetings/testing/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, signIn, startTestPlatform, type TestPlatform } from './helpers.js';

// NATS stopped while users sign in: svc-auth keeps answering (its events wait in the outbox),
// and once NATS is back every event is delivered and applied exactly once.
let nats: Awaited<ReturnType<typeof startPrivateNats>>;
let t: TestPlatform;

beforeAll(async () => {
  nats = await startPrivateNats();
  t = await startTestPlatform({ env: { NATS_URL: nats.url } });
});

afterAll(async () => {
  await t?.close();
  await nats?.close();
});

async function userId(email: string): Promise<string> {
  const [row] = (await t.platform.services.auth.dataSource.query(
    `SELECT id FROM app_user WHERE email = $1`,
    [email],
  )) as { id: string }[];
  return row!.id;
}

async function trialRow(id: string) {
  const rows = (await t.platform.services.subscription.dataSource.query(
    `SELECT user_id FROM subscription WHERE user_id = $1`,
    [id],
  )) as unknown[];
  return rows[0];
}

describe('NATS outage', () => {
  it('keeps the producer answering and delivers every event once NATS is back, once', async () => {
    await signIn(t, 'before@example.com');
    await eventually(async () => trialRow(await userId('before@example.com')), 15_000);

    await nats.stop();
    const emails = ['during-1@example.com', 'during-2@example.com', 'during-3@example.com'];
    for (const email of emails) {
      const started = Date.now();
      const client = await signIn(t, email);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await client.call('GET', '/api/auth/status')).status).toBe(200);
    }
    const waiting = (await t.platform.services.auth.dataSource.query(
      `SELECT count(*)::int AS n FROM outbox_event WHERE published_at IS NULL`,
    )) as { n: number }[];
    expect(waiting[0]!.n).toBeGreaterThanOrEqual(emails.length);
    for (const email of emails) expect(await trialRow(await userId(email))).toBeUndefined();

    await nats.start();
    for (const email of emails) await eventually(async () => trialRow(await userId(email)), 30_000);

    // Applied once: one processed record per event, one trial-created event per user.
    const processed = (await t.platform.services.subscription.dataSource.query(
      `SELECT count(*)::int AS n, count(DISTINCT event_id)::int AS d FROM processed_event WHERE consumer = 'svc-subscription.trials'`,
    )) as { n: number; d: number }[];
    expect(processed[0]!.n).toBe(processed[0]!.d);
    expect(processed[0]!.n).toBe(emails.length + 1);
    for (const email of emails) {
      const created = (await t.platform.services.subscription.dataSource.query(
        `SELECT count(*)::int AS n FROM outbox_event WHERE subject = 'subscription.changed' AND body->'data'->>'userId' = $1`,
        [await userId(email)],
      )) as { n: number }[];
      expect(created[0]!.n).toBe(1);
    }
    await eventually(async () => {
      const rows = (await t.platform.services.auth.dataSource.query(
        `SELECT count(*)::int AS n FROM outbox_event WHERE published_at IS NULL`,
      )) as { n: number }[];
      return rows[0]!.n === 0;
    }, 15_000);
  });
});
