import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, signIn, startTestPlatform, type TestPlatform } from './helpers.js';

let t: TestPlatform;

beforeAll(async () => {
  t = await startTestPlatform();
});

afterAll(async () => {
  await t?.close();
});

describe('one request through every layer', () => {
  it('answers GET /api/auth/status through the gateway: 401 signed out, the user signed in', async () => {
    const anonymous = await t.client().call('GET', '/api/auth/status');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toMatchObject({
      code: 'UNAUTHENTICATED',
      error: 'User is not authenticated',
    });

    const client = await signIn(t, 'slice@example.com');
    const status = await client.call('GET', '/api/auth/status');
    expect(status.status).toBe(200);
    expect(status.json).toMatchObject({
      authenticated: true,
      user: { email: 'slice@example.com' },
    });
    expect(status.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);
  });

  it('starts the trial in svc-subscription from the auth.user.registered event', async () => {
    await signIn(t, 'trialist@example.com');
    const subscription = t.platform.services.subscription;
    const [user] = (await t.platform.services.auth.dataSource.query(
      `SELECT id, created_at FROM app_user WHERE email = $1`,
      ['trialist@example.com'],
    )) as { id: string; created_at: Date }[];
    // The consumer, not an on-demand call, created the record: it is in the processed events.
    const processed = await eventually(async () => {
      const rows = (await subscription.dataSource.query(
        `SELECT s.trial_started_at FROM subscription s WHERE s.user_id = $1
           AND EXISTS (SELECT 1 FROM processed_event WHERE consumer = 'svc-subscription.trials')`,
        [user!.id],
      )) as { trial_started_at: Date }[];
      return rows[0];
    });
    expect(processed.trial_started_at.getTime()).toBe(user!.created_at.getTime());
  });

  it('also accepts the session token as a bearer token, and forgets it at once on logout', async () => {
    const client = await signIn(t, 'bearer@example.com');
    const token = client.sessionCookie.split('=')[1]!;
    const bearer = t.client();
    expect(
      (
        await bearer.call('GET', '/api/auth/status', undefined, {
          authorization: `Bearer ${token}`,
        })
      ).status,
    ).toBe(200);

    expect((await client.call('POST', '/api/auth/logout', {})).status).toBe(200);
    const withOldCookie = t.client();
    withOldCookie.sessionCookie = `session=${token}`;
    for (const path of [
      '/api/auth/status',
      '/api/auth/subscription-status',
      '/api/auth/privacy-status',
    ]) {
      expect((await withOldCookie.call('GET', path)).status, path).toBe(401);
      expect(
        (await bearer.call('GET', path, undefined, { authorization: `Bearer ${token}` })).status,
        path,
      ).toBe(401);
    }
  });
});

describe('gateway protections', () => {
  it('refuses cross-site state-changing requests', async () => {
    const client = await signIn(t, 'csrf@example.com');
    const bySite = await client.call(
      'POST',
      '/api/auth/accept-privacy',
      {},
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(bySite.status).toBe(403);
    expect(bySite.json).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
    const byOrigin = await client.call(
      'POST',
      '/api/auth/accept-privacy',
      {},
      { origin: 'https://evil.example' },
    );
    expect(byOrigin.status).toBe(403);
    const form = await client.call('POST', '/api/auth/request-otp', undefined, {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': '0',
    });
    expect(form.status).not.toBe(403);
    const sameSite = await client.call(
      'POST',
      '/api/auth/accept-privacy',
      {},
      { 'sec-fetch-site': 'same-origin' },
    );
    expect(sameSite.status).toBe(200);
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const response = await t.client().call('GET', '/api/auth/status');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // The same headers on every later answer, errors included (the middleware is built once).
    for (const path of ['/api/auth/status', '/api/nothing-here']) {
      const again = await t.client().call('GET', path);
      expect(again.headers.get('content-security-policy')).toBe(csp);
      expect(again.headers.get('x-content-type-options')).toBe('nosniff');
      expect(again.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('answers unknown API paths, oversized bodies and dead upstreams with JSON errors', async () => {
    const unknown = await t.client().call('GET', '/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 'NOT_FOUND' });

    const huge = await t
      .client()
      .call('POST', '/api/auth/request-otp', { email: `${'a'.repeat(5 * 1024 * 1024)}@x.com` });
    expect(huge.status).toBe(413);
    expect(huge.json).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});
