import { ServerMessages } from '@meetings/contracts';
import { CACHE, type Cache } from '@meetings/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  signIn,
  startTestPlatform,
  type ApiClient,
  type TestPlatform,
} from './helpers.js';

// svc-meetings asking the real svc-subscription, and hearing its subscription.changed events.
// svc-meetings' own tests cover the rest of its entitlement rules with a stub in its place.

const OPERATOR_TOKEN = 'operator-token-for-entitlement-tests-0123';

let t: TestPlatform;

beforeAll(async () => {
  t = await startTestPlatform({
    // An answer is cached for a minute: only the event can end it sooner.
    env: { OPERATOR_TOKEN, ENTITLEMENT_CACHE_TTL_MS: '60000' },
  });
});

afterAll(async () => {
  await t?.close();
});

const cache = () => t.platform.services.meetings.app.get<symbol, Cache>(CACHE);
const cached = (userId: string) => cache().get(`entitlement:${userId}`);

async function userId(client: ApiClient): Promise<string> {
  const status = await client.call('GET', '/api/auth/status');
  return (status.json.user as { id: string }).id;
}

async function setPlan(client: ApiClient, status: 'free' | 'paid'): Promise<void> {
  const response = await client.call('POST', '/api/auth/update-subscription', { status });
  expect(response.status, response.text).toBe(200);
}

/**
 * Waits until svc-meetings has heard the subscription.changed of a new trial (it keeps the event's
 * plan): heard later, it would drop an answer cached after it.
 */
async function trialHeard(id: string): Promise<void> {
  const { dataSource } = t.platform.services.meetings;
  await eventually(
    async () =>
      (await dataSource.query('SELECT 1 FROM known_entitlement WHERE user_id = $1', [id])).length >
      0,
  );
}

/** Waits until svc-meetings has heard of a plan change: its cached answer is gone. */
async function heard(id: string): Promise<void> {
  await eventually(async () => (await cached(id)) === undefined);
}

async function create(client: ApiClient, title: string) {
  return client.call('POST', '/api/meetings/create', { title });
}

describe('svc-meetings with svc-subscription', () => {
  it('lets a user who upgrades create at once', async () => {
    const client = await signIn(t, 'upgrading@example.com');
    await setPlan(client, 'free');
    const refused = await create(client, 'Before upgrading');
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({
      code: 'MEETING_NOT_ENTITLED',
      error: ServerMessages.notEntitledToCreate,
    });
    await setPlan(client, 'paid');
    // No waiting for the event: a cached "no" is always asked again.
    expect((await create(client, 'After upgrading')).status).toBe(201);
  });

  it('refuses a user who downgrades as soon as subscription.changed arrives, long before the cache would expire', async () => {
    const client = await signIn(t, 'downgrading@example.com');
    const id = await userId(client);
    await trialHeard(id);
    const made = await create(client, 'While on trial');
    expect(made.status, made.text).toBe(201);
    const meeting = made.json.meeting as { id: string };
    expect(await cached(id)).toMatchObject({ status: 'trial', canCreate: true });
    const started = Date.now();
    await setPlan(client, 'free');
    await heard(id);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await create(client, 'After downgrading')).status).toBe(403);
    expect(
      (await client.call('PUT', `/api/meetings/${meeting.id}/update-info`, { title: 'x' })).json,
    ).toMatchObject({
      statusCode: 403,
      code: 'MEETING_NOT_ENTITLED',
      error: ServerMessages.notEntitledToEdit,
    });
    expect((await client.call('GET', '/api/meetings')).json).toMatchObject({
      meetings: [{ id: meeting.id }],
    });
  });

  it('refuses a user whose trial has ended', async () => {
    const email = 'trial-ending@example.com';
    const client = await signIn(t, email);
    const id = await userId(client);
    expect((await create(client, 'During the trial')).status).toBe(201);
    const ended = await fetch(
      `${t.platform.services.subscription.managementUrl}/internal/subscriptions/trial-end`,
      {
        method: 'PUT',
        headers: { 'x-operator-token': OPERATOR_TOKEN, 'content-type': 'application/json' },
        body: JSON.stringify({ email, trialExpiresOn: new Date(Date.now() - 1000).toISOString() }),
      },
    );
    expect(ended.status).toBe(200);
    await heard(id);
    expect((await create(client, 'After')).status).toBe(403);
  });
});
