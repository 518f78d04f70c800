import { randomUUID } from 'node:crypto';
import { ServerMessages } from '@meetings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntitlementService } from '../src/entitlement/entitlement.service.js';
import { Harness, testUser, type TestUser } from './harness.js';

describe('the entitlement cache', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await Harness.start({ env: { INTERNAL_TIMEOUT_MS: '400' } });
  });
  afterAll(async () => {
    await h?.close();
  });

  const callsFor = (user: TestUser) => h.subscription.calls.filter((id) => id === user.id).length;

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
    await h.setPlan(user, 'free');
    expect((await client.put(`/api/meetings/${id}/update-info`, { title: 'No' })).statusCode).toBe(
      403,
    );
    expect(callsFor(user)).toBe(2);
  });

  it('never trusts a cached refusal', async () => {
    const user = testUser();
    h.subscription.set(user, 'free');
    expect((await h.as(user).post('/api/meetings/create', { title: 'No' })).statusCode).toBe(403);
    expect((await h.as(user).post('/api/meetings/create', { title: 'No' })).statusCode).toBe(403);
    expect(callsFor(user)).toBe(2);
    // Upgraded, and no event yet.
    h.subscription.set(user, 'paid');
    expect((await h.as(user).post('/api/meetings/create', { title: 'Yes' })).statusCode).toBe(201);
    expect((await h.as(user).post('/api/meetings/create', { title: 'Yes again' })).statusCode).toBe(
      201,
    );
    expect(callsFor(user)).toBe(3);
  });

  it('does not keep honouring a trial that ended while cached', async () => {
    const user = testUser();
    h.subscription.set(user, 'trial', new Date(Date.now() + 300));
    const { id } = await h.as(user).create();
    await new Promise((resolve) => setTimeout(resolve, 400));
    h.subscription.set(user, 'trial', new Date(Date.now() - 100));
    expect(
      (await h.as(user).put(`/api/meetings/${id}/update-info`, { title: 'Late' })).statusCode,
    ).toBe(403);
    expect(callsFor(user)).toBe(2);
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
      await h.setPlan(user, 'paid');
      expect(attempts).toBeGreaterThanOrEqual(2);
      expect(await cache.get(`entitlement:${user.id}`)).toBeUndefined();
    } finally {
      cache.delete = original;
    }
  });

  it('keeps an owner editing on the last known plan while svc-subscription does not answer, and applies a downgrade that arrives meanwhile', async () => {
    const user = testUser();
    const client = h.as(user);
    const paid = h.subscription.set(user, 'paid');
    const { id } = await client.create();
    expect(
      await h.meetings.dataSource.query(
        `SELECT status, can_create FROM known_entitlement WHERE user_id = $1`,
        [user.id],
      ),
    ).toEqual([{ status: 'paid', can_create: true }]);
    h.subscription.hang(user);
    // The cached answer has gone (as after its TTL): only the kept plan is left to go on.
    await h.cache().delete(`entitlement:${user.id}`);
    const changed = await client.put(`/api/meetings/${id}/update-info`, { title: 'Still mine' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ meeting: { title: 'Still mine' } });

    await h.setPlan(user, 'free');
    const refused = await client.put(`/api/meetings/${id}/update-info`, { title: 'Not now' });
    expect(refused.json()).toMatchObject({ statusCode: 403, code: 'MEETING_NOT_ENTITLED' });
    // An older answer arriving late does not undo the downgrade.
    h.subscription.answering(user);
    await h.meetings.dataSource.query(`DELETE FROM known_entitlement WHERE user_id = $1`, [
      user.id,
    ]);
    await h.setPlan(user, 'free');
    h.subscription.answerWith(paid);
    await h.meetings.app
      .get(EntitlementService)
      .allowsEditing({
        id: user.id,
        email: user.email,
        token: await h.runtime.tokens.sign(user),
        timeZone: 'UTC',
      })
      .catch(() => undefined);
    expect(
      await h.meetings.dataSource.query(
        `SELECT status, version FROM known_entitlement WHERE user_id = $1`,
        [user.id],
      ),
    ).toEqual([{ status: 'free', version: 3 }]);
  });

  it('keeps the newest plan per user: a plan of the same version replaces it, an older one does not', async () => {
    const user = testUser();
    const entitlements = h.meetings.app.get(EntitlementService);
    const change = (version: number, status: 'trial' | 'free' | 'paid') =>
      h.meetings.dataSource.transaction((tx) =>
        entitlements.changed(tx, {
          userId: user.id,
          email: user.email,
          status,
          trialExpiresOn: '2099-01-01',
          version,
        }),
      );
    const kept = () =>
      h.meetings.dataSource.query(
        `SELECT status, version FROM known_entitlement WHERE user_id = $1`,
        [user.id],
      );
    // Two first answers at once: one inserts, the other waits for it and then applies its rule.
    await Promise.all([change(2, 'paid'), change(1, 'free')]);
    expect(await kept()).toEqual([{ status: 'paid', version: 2 }]);
    await change(2, 'free');
    expect(await kept()).toEqual([{ status: 'free', version: 2 }]);
    await change(1, 'paid');
    expect(await kept()).toEqual([{ status: 'free', version: 2 }]);
    await change(3, 'paid');
    expect(await kept()).toEqual([{ status: 'paid', version: 3 }]);
  });

  it('answers 504 with the kit error when svc-subscription does not answer in time', async () => {
    const user = testUser();
    h.subscription.hang(user);
    const response = await h.as(user).post('/api/meetings/create', { title: 'Slow' });
    expect(response.statusCode).toBe(504);
    expect(response.json()).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
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
