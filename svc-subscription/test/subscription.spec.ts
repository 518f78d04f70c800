import { EntitlementSchema, Subjects } from '@meetings/contracts';
import { InternalClient, type RunningService } from '@meetings/service-kit';
import {
  createTestRuntime,
  testUser,
  type TestRuntime,
  type TestUser,
} from '@meetings/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSubscriptionService } from '../src/app.js';
import type { SubscriptionEnv } from '../src/config.js';

const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789';
let runtime: TestRuntime;
let service: RunningService<SubscriptionEnv>;

beforeAll(async () => {
  runtime = await createTestRuntime();
  service = await startSubscriptionService({
    shared: runtime.shared,
    port: 0,
    env: { ...runtime.env, OPERATOR_TOKEN },
  });
});

afterAll(async () => {
  await service?.close();
  await runtime?.cleanup();
});

async function call(user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) {
  return service.app.inject({ method, url, payload, headers: await runtime.tokens.bearer(user) });
}

describe('subscription status', () => {
  it('starts a 30-day trial on first sight', async () => {
    const user = testUser();
    const response = await call(user, 'GET', '/api/auth/subscription-status');
    expect(response.statusCode).toBe(200);
    const status = response.json<{
      status: string;
      daysRemaining: number;
      trialExpiresOn: string;
      hasSeenTrialNotice: boolean;
      lastSubscriptionChangeTime: number;
    }>();
    expect(status).toMatchObject({
      status: 'trial',
      daysRemaining: 30,
      hasSeenTrialNotice: false,
      lastSubscriptionChangeTime: 0,
    });
    expect(Date.parse(status.trialExpiresOn) - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
  });

  it('records that the trial notice was seen', async () => {
    const user = testUser();
    const ack = await call(user, 'POST', '/api/auth/acknowledge-trial');
    expect(ack.statusCode).toBe(200);
    expect((await call(user, 'GET', '/api/auth/subscription-status')).json()).toMatchObject({
      hasSeenTrialNotice: true,
    });
  });

  it('switches between free and paid, and refuses anything else', async () => {
    const user = testUser();
    const paid = await call(user, 'POST', '/api/auth/update-subscription', { status: 'paid' });
    expect(paid.json()).toMatchObject({ success: true, status: 'paid' });
    expect(
      paid.json<{ lastSubscriptionChangeTime: number }>().lastSubscriptionChangeTime,
    ).toBeGreaterThan(Date.now() - 60_000);
    expect(
      (await call(user, 'POST', '/api/auth/update-subscription', { status: 'free' })).json(),
    ).toMatchObject({ status: 'free' });
    for (const bad of [{ status: 'trial' }, { status: 'gold' }, {}, { status: 'paid', extra: 1 }]) {
      const refused = await call(user, 'POST', '/api/auth/update-subscription', bad);
      expect(refused.statusCode).toBe(400);
    }
    expect(
      (await call(user, 'POST', '/api/auth/update-subscription', { status: 'trial' })).json(),
    ).toMatchObject({
      error: 'Status must be free or paid.',
    });
    expect((await call(user, 'GET', '/api/auth/subscription-status')).json()).toMatchObject({
      status: 'free',
    });
  });

  it('publishes subscription.changed with increasing versions', async () => {
    const user = testUser();
    await call(user, 'GET', '/api/auth/subscription-status');
    await call(user, 'POST', '/api/auth/update-subscription', { status: 'paid' });
    await call(user, 'POST', '/api/auth/update-subscription', { status: 'free' });
    const events = (await service.dataSource.query(
      `SELECT body FROM outbox_event WHERE subject = $1 AND body->'data'->>'userId' = $2 ORDER BY seq`,
      [Subjects.SubscriptionChanged, user.id],
    )) as { body: { data: { status: string; version: number } } }[];
    expect(events.map((e) => [e.body.data.status, e.body.data.version])).toEqual([
      ['trial', 1],
      ['paid', 2],
      ['free', 3],
    ]);
  });

  it('refuses callers without a valid token', async () => {
    const response = await service.app.inject({
      method: 'GET',
      url: '/api/auth/subscription-status',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('entitlement for other services (GET /internal/entitlement)', () => {
  const client = () => new InternalClient(service.managementUrl, 3_000);

  it('lets trial and paid create, not free or an expired trial', async () => {
    const user = testUser();
    const token = await runtime.tokens.sign(user);
    const entitlement = () => client().get('/internal/entitlement', EntitlementSchema, { token });
    expect(await entitlement()).toMatchObject({ status: 'trial', canCreate: true });

    const ended = await service.app.inject({
      method: 'PUT',
      url: '/internal/subscriptions/trial-end',
      headers: { 'x-operator-token': OPERATOR_TOKEN },
      payload: { email: user.email, trialExpiresOn: new Date(Date.now() - 1000).toISOString() },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ status: 'trial', daysRemaining: 0 });
    expect(await entitlement()).toMatchObject({ status: 'trial', canCreate: false });

    await call(user, 'POST', '/api/auth/update-subscription', { status: 'paid' });
    expect(await entitlement()).toMatchObject({ status: 'paid', canCreate: true });
    await call(user, 'POST', '/api/auth/update-subscription', { status: 'free' });
    expect(await entitlement()).toMatchObject({ status: 'free', canCreate: false });
  });

  it('keeps the operator route closed without the operator token', async () => {
    const refused = await service.app.inject({
      method: 'PUT',
      url: '/internal/subscriptions/trial-end',
      headers: { 'x-operator-token': 'wrong' },
      payload: { email: 'a@b.co', trialExpiresOn: new Date().toISOString() },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('answers only for the user of a valid internal token', async () => {
    await expect(client().get('/internal/entitlement', EntitlementSchema)).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    await expect(
      client().get('/internal/entitlement', EntitlementSchema, { token: 'not.a.token' }),
    ).rejects.toMatchObject({ status: 401 });
    const user = testUser();
    const token = await runtime.tokens.sign(user);
    expect(
      await client().get('/internal/entitlement', EntitlementSchema, {
        token,
        query: { userId: testUser().id },
      }),
    ).toMatchObject({ userId: user.id });
  });
});

describe('operations', () => {
  it('reports consumer lag and the outbox backlog as Prometheus metrics', async () => {
    const metrics = (await service.app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(
      /consumer_pending_messages\{[^}]*consumer="svc-subscription_trials"[^}]*state="pending"[^}]*\} \d+/,
    );
    expect(metrics).toMatch(/outbox_backlog\{[^}]*\} \d+/);
    expect(metrics).toMatch(/message_bus_connected\{[^}]*\} 1/);
  });
});
