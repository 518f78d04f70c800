import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServerMessages, type Entitlement } from '@meetings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntitlementService } from '../src/entitlement/entitlement.service.js';
import { Harness, testUser, type TestUser } from './harness.js';

describe('with svc-subscription', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await Harness.start();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lets a user who upgrades create at once', async () => {
    const user = await h.freeUser();
    const refused = await h.as(user).post('/api/meetings/create', { title: 'Before upgrading' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'MEETING_NOT_ENTITLED',
      error: ServerMessages.notEntitledToCreate,
    });
    await h.setPlan(user, 'paid');
    // No waiting for the event: a cached "no" is always asked again.
    const created = await h.as(user).post('/api/meetings/create', { title: 'After upgrading' });
    expect(created.statusCode).toBe(201);
  });

  it('refuses a user who downgrades as soon as subscription.changed arrives, long before the cache would expire', async () => {
    const user = testUser();
    const client = h.as(user);
    await h.startTrial(user);
    const meeting = await client.create('While on trial');
    expect(await h.cache().get(`entitlement:${user.id}`)).toMatchObject({
      status: 'trial',
      canCreate: true,
    });
    const started = Date.now();
    await h.setPlan(user, 'free');
    await h.settled(user);
    // The cache lives 60 s in these tests; the event, not the expiry, ended it.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(
      (await client.post('/api/meetings/create', { title: 'After downgrading' })).statusCode,
    ).toBe(403);
    expect(
      (await client.put(`/api/meetings/${meeting.id}/update-info`, { title: 'x' })).json(),
    ).toMatchObject({
      statusCode: 403,
      code: 'MEETING_NOT_ENTITLED',
      error: ServerMessages.notEntitledToEdit,
    });
    expect((await client.get('/api/meetings')).json()).toMatchObject({
      meetings: [{ id: meeting.id }],
    });
  });

  it('refuses a user whose trial has ended', async () => {
    const user = testUser();
    await h.as(user).create('During the trial');
    await h.expireTrial(user);
    expect((await h.as(user).post('/api/meetings/create', { title: 'After' })).statusCode).toBe(
      403,
    );
  });
});

describe('the entitlement cache', () => {
  let h: Harness;
  let subscription: Server;
  let calls: string[];
  let answer: (userId: string) => Entitlement | 'hang';

  const entitlement = (
    userId: string,
    status: Entitlement['status'],
    canCreate: boolean,
    trialExpiresOn = new Date(Date.now() + 10 * 86_400_000),
  ): Entitlement => ({
    userId,
    status,
    canCreate,
    trialExpiresOn: trialExpiresOn.toISOString(),
    version: 1,
  });

  beforeAll(async () => {
    calls = [];
    answer = (userId) => entitlement(userId, 'paid', true);
    // svc-subscription's part, played by the test: it answers for the user of the caller's token.
    subscription = createServer((request, response) => {
      const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
        sub: string;
      };
      if (request.url !== '/internal/entitlement') {
        response.statusCode = 404;
        return response.end();
      }
      calls.push(claims.sub);
      const reply = answer(claims.sub);
      if (reply === 'hang') return;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(reply));
    });
    await new Promise<void>((resolve) => subscription.listen(0, '127.0.0.1', resolve));
    h = await Harness.start({
      subscription: false,
      subscriptionUrl: `http://127.0.0.1:${(subscription.address() as AddressInfo).port}`,
      env: { INTERNAL_TIMEOUT_MS: '400' },
    });
  });
  afterAll(async () => {
    await h?.close();
    subscription?.closeAllConnections();
    subscription?.close();
  });

  const callsFor = (user: TestUser) => calls.filter((id) => id === user.id).length;

  it('asks svc-subscription once per user and reuses the answer', async () => {
    const user = testUser();
    const client = h.as(user);
    const { id } = await client.create();
    await client.change('PUT', `/api/meetings/${id}/update-info`, { title: 'Two' });
    await client.change('PUT', `/api/meetings/${id}/add-agenda-item`, { text: 'Three' });
    expect(callsFor(user)).toBe(1);
    // Reading and ticking never ask.
    await client.meeting(id);
    expect(callsFor(user)).toBe(1);
  });

  it('asks again after subscription.changed', async () => {
    const user = testUser();
    const client = h.as(user);
    const { id } = await client.create();
    answer = (userId) =>
      userId === user.id ? entitlement(userId, 'free', false) : entitlement(userId, 'paid', true);
    await h.publishSubscriptionChanged(user, 'free', 2);
    expect((await client.put(`/api/meetings/${id}/update-info`, { title: 'No' })).statusCode).toBe(
      403,
    );
    expect(callsFor(user)).toBe(2);
    answer = (userId) => entitlement(userId, 'paid', true);
  });

  it('never trusts a cached refusal', async () => {
    const user = testUser();
    answer = (userId) => entitlement(userId, 'free', false);
    expect((await h.as(user).post('/api/meetings/create', { title: 'No' })).statusCode).toBe(403);
    expect((await h.as(user).post('/api/meetings/create', { title: 'No' })).statusCode).toBe(403);
    expect(callsFor(user)).toBe(2);
    answer = (userId) => entitlement(userId, 'paid', true);
    expect((await h.as(user).post('/api/meetings/create', { title: 'Yes' })).statusCode).toBe(201);
    expect((await h.as(user).post('/api/meetings/create', { title: 'Yes again' })).statusCode).toBe(
      201,
    );
    expect(callsFor(user)).toBe(3);
  });

  it('does not keep honouring a trial that ended while cached', async () => {
    const user = testUser();
    answer = (userId) => entitlement(userId, 'trial', true, new Date(Date.now() + 300));
    const { id } = await h.as(user).create();
    await new Promise((resolve) => setTimeout(resolve, 400));
    answer = (userId) => entitlement(userId, 'trial', false, new Date(Date.now() - 100));
    expect(
      (await h.as(user).put(`/api/meetings/${id}/update-info`, { title: 'Late' })).statusCode,
    ).toBe(403);
    expect(callsFor(user)).toBe(2);
    answer = (userId) => entitlement(userId, 'paid', true);
  });

  it('retries an invalidation whose cache delete failed (the event is delivered again)', async () => {
    const user = testUser();
    await h.as(user).create();
    const cache = h.cache();
    const original = cache.delete.bind(cache);
    let attempts = 0;
    cache.delete = async (key: string) => {
      if (key === `entitlement:${user.id}` && ++attempts === 1)
        throw new Error('cache unreachable');
      return original(key);
    };
    try {
      await h.publishSubscriptionChanged(user, 'paid', 3);
      expect(attempts).toBeGreaterThanOrEqual(2);
      expect(await cache.get(`entitlement:${user.id}`)).toBeUndefined();
    } finally {
      cache.delete = original;
    }
  });

  it('keeps an owner editing on the last known plan while svc-subscription does not answer, and applies a downgrade that arrives meanwhile', async () => {
    const user = testUser();
    const client = h.as(user);
    const { id } = await client.create();
    expect(
      await h.meetings.dataSource.query(
        `SELECT status, can_create FROM known_entitlement WHERE user_id = $1`,
        [user.id],
      ),
    ).toEqual([{ status: 'paid', can_create: true }]);
    answer = (userId) => (userId === user.id ? 'hang' : entitlement(userId, 'paid', true));
    // The cached answer has gone (as after its TTL): only the kept plan is left to go on.
    await h.cache().delete(`entitlement:${user.id}`);
    const changed = await client.put(`/api/meetings/${id}/update-info`, { title: 'Still mine' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ meeting: { title: 'Still mine' } });

    await h.publishSubscriptionChanged(user, 'free', 5);
    const refused = await client.put(`/api/meetings/${id}/update-info`, { title: 'Not now' });
    expect(refused.json()).toMatchObject({ statusCode: 403, code: 'MEETING_NOT_ENTITLED' });
    // An older answer arriving late does not undo the downgrade.
    answer = (userId) => entitlement(userId, 'paid', true);
    await h.meetings.dataSource.query(`DELETE FROM known_entitlement WHERE user_id = $1`, [
      user.id,
    ]);
    await h.publishSubscriptionChanged(user, 'free', 6);
    await h.meetings.app
      .get(EntitlementService)
      .allowsEditing({ id: user.id, email: user.email, token: await h.runtime.tokens.sign(user) })
      .catch(() => undefined);
    expect(
      await h.meetings.dataSource.query(
        `SELECT status, version FROM known_entitlement WHERE user_id = $1`,
        [user.id],
      ),
    ).toEqual([{ status: 'free', version: 6 }]);
  });

  it('answers 504 with the kit error when svc-subscription does not answer in time', async () => {
    const user = testUser();
    answer = (userId) => (userId === user.id ? 'hang' : entitlement(userId, 'paid', true));
    const response = await h.as(user).post('/api/meetings/create', { title: 'Slow' });
    expect(response.statusCode).toBe(504);
    expect(response.json()).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    answer = (userId) => entitlement(userId, 'paid', true);
  });
});

describe('without svc-subscription', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await Harness.start({ subscription: false });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers 503, not 500, where a plan matters, and still serves reads and ticks', async () => {
    const user = testUser();
    const id = randomUUID();
    const actionId = randomUUID();
    // Made before svc-subscription went away.
    await h.meetings.dataSource.query(
      `INSERT INTO meeting (id, owner_id, owner_email, title, date, series_id) VALUES ($1, $2, $3, 'Existing', now(), $1)`,
      [id, user.id, user.email],
    );
    await h.meetings.dataSource.query(
      `INSERT INTO action_item (id, meeting_id, text, position) VALUES ($1, $2, 'Tick me', 1)`,
      [actionId, id],
    );
    const client = h.as(user);
    for (const response of [
      await client.post('/api/meetings/create', { title: 'New' }),
      await client.put(`/api/meetings/${id}/update-info`, { title: 'Changed' }),
    ]) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'UPSTREAM_UNAVAILABLE',
        error: ServerMessages.upstreamUnavailable,
      });
    }
    expect((await client.meeting(id)).title).toBe('Existing');
    // The plan is asked before the meeting is read, but its failure only counts for the owner:
    // anyone else still learns what they would have with svc-subscription up.
    const stranger = await h.as(testUser()).put(`/api/meetings/${id}/update-info`, { title: 'X' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ code: 'MEETING_ACCESS_DENIED' });
    const missing = await client.put(`/api/meetings/${randomUUID()}/update-notes`, { notes: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'MEETING_NOT_FOUND' });
    expect((await client.get('/api/meetings')).statusCode).toBe(200);
    expect(
      (
        await client.change('PUT', `/api/meetings/${id}/update-action-item/${actionId}`, {
          completed: true,
        })
      ).actions[0]!.completed,
    ).toBe(true);
  });
});
