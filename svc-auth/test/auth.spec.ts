import { randomUUID } from 'node:crypto';
import { Subjects } from '@meetings/contracts';
import type { RunningService } from '@meetings/service-kit';
import { createTestRuntime, type TestRuntime } from '@meetings/service-kit/testing';
import { freePort, startTestSmtp } from '@meetings/testing/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthService } from '../src/app.js';
import type { AuthEnv } from '../src/config.js';

let runtime: TestRuntime;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let auth: RunningService<AuthEnv>;

beforeAll(async () => {
  runtime = await createTestRuntime();
  smtp = await startTestSmtp();
  const managementPort = await freePort();
  // svc-auth verifies its own internal tokens with the keys it publishes.
  const shared = { ...runtime.shared, keyStore: undefined };
  auth = await startAuthService({
    shared,
    port: 0,
    managementPort,
    env: {
      ...runtime.env,
      SMTP_URL: smtp.url,
      AUTH_JWKS_URL: `http://127.0.0.1:${managementPort}/internal/jwks`,
      OTP_EMAIL_PER_MINUTE: '100',
      OTP_EMAIL_PER_HOUR: '100',
      OTP_IP_PER_HOUR: '1000',
      VERIFY_IP_PER_15_MINUTES: '1000',
    },
  });
});

afterAll(async () => {
  await auth?.close();
  await smtp?.close();
  await runtime?.cleanup();
});

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return auth.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

async function signIn(email: string) {
  const sent = await post('/api/auth/request-otp', { email });
  expect(sent.statusCode).toBe(200);
  const code = await smtp.nextCode(email);
  const verified = await post('/api/auth/validate-otp', { email, code });
  expect(verified.statusCode).toBe(200);
  return verified;
}

async function signInFrom(email: string, timeZone: unknown) {
  await post('/api/auth/request-otp', { email });
  const code = await smtp.nextCode(email);
  const verified = await post('/api/auth/validate-otp', { email, code, timeZone });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json<{ token: string }>().token;
}

/** The `tz` claim of a fresh internal token for the session. */
async function timeZoneClaim(sessionToken: string): Promise<unknown> {
  const token = await internalToken(sessionToken);
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).tz;
}

async function internalToken(sessionToken: string): Promise<string> {
  const resolved = await post('/internal/sessions/resolve', { token: sessionToken });
  expect(resolved.statusCode).toBe(200);
  return resolved.json<{ internalToken: string }>().internalToken;
}

describe('sign-in with a one-time code', () => {
  it('sends a code by e-mail, signs in, sets the session cookie and answers status', async () => {
    const verified = await signIn('Ada@Example.com ');
    const body = verified.json<{
      success: boolean;
      message: string;
      user: { id: string; email: string };
      token: string;
    }>();
    expect(body).toMatchObject({
      success: true,
      message: 'Login successful',
      user: { email: 'ada@example.com' },
    });
    const cookie = String(verified.headers['set-cookie']);
    expect(cookie).toMatch(/^session=[\w-]{43}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);

    const token = await internalToken(body.token);
    const status = await auth.app.inject({
      method: 'GET',
      url: '/api/auth/status',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(status.json()).toEqual({
      authenticated: true,
      user: { id: body.user.id, email: 'ada@example.com' },
      timeZone: 'UTC',
    });
  });

  it('uses Secure and the __Host- prefix behind HTTPS', async () => {
    await post('/api/auth/request-otp', { email: 'secure@example.com' });
    const code = await smtp.nextCode('secure@example.com');
    const verified = await post(
      '/api/auth/validate-otp',
      { email: 'secure@example.com', code },
      { 'x-forwarded-proto': 'https' },
    );
    expect(String(verified.headers['set-cookie'])).toMatch(
      /^__Host-session=[\w-]+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure$/,
    );
  });

  it('sends a plain, branded message', async () => {
    await post(
      '/api/auth/request-otp',
      { email: 'brand@example.com' },
      { 'x-product-name': 'Acme Minutes' },
    );
    const mail = smtp.messages.at(-1)!;
    expect(mail.raw).toContain('Your Acme Minutes login code is');
    expect(mail.raw).toMatch(/From: Acme Minutes <no-reply@meetingkeeper.local>/);
    await smtp.nextCode('brand@example.com');
  });

  it('publishes auth.user.registered once, on first sign-in only', async () => {
    const seen: unknown[] = [];
    const stop = runtime.bus
      ? runtime.bus.subscribe(Subjects.UserRegistered, (d) => seen.push(d.body))
      : () => undefined;
    await signIn('first@example.com');
    await signIn('first@example.com');
    await auth.outbox.flush();
    const rows = await auth.dataSource.query(
      `SELECT subject, body FROM outbox_event WHERE subject = $1 AND body->'data'->>'email' = $2`,
      [Subjects.UserRegistered, 'first@example.com'],
    );
    expect(rows).toHaveLength(1);
    if (runtime.bus)
      expect(
        seen.filter((b) => (b as { data: { email: string } }).data.email === 'first@example.com'),
      ).toHaveLength(1);
    stop();
  });

  it('gives the same answer for known and unknown addresses', async () => {
    await signIn('known@example.com');
    const known = await post('/api/auth/request-otp', { email: 'known@example.com' });
    const unknown = await post('/api/auth/request-otp', { email: 'nobody-yet@example.com' });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
    await smtp.nextCode('known@example.com');
    await smtp.nextCode('nobody-yet@example.com');
  });
});

describe('one-time code rules', () => {
  it('accepts only the latest code', async () => {
    const email = 'latest@example.com';
    await post('/api/auth/request-otp', { email });
    const first = await smtp.nextCode(email);
    await post('/api/auth/request-otp', { email });
    const second = await smtp.nextCode(email);
    if (first !== second) {
      const old = await post('/api/auth/validate-otp', { email, code: first });
      expect(old.statusCode).toBe(401);
      expect(old.json()).toMatchObject({ error: 'Invalid or expired verification code' });
    }
    expect((await post('/api/auth/validate-otp', { email, code: second })).statusCode).toBe(200);
  });

  it('is single use, even when submitted many times at once', async () => {
    const email = 'race@example.com';
    await post('/api/auth/request-otp', { email });
    const code = await smtp.nextCode(email);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post('/api/auth/validate-otp', { email, code })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(7);
  });

  it('dies after 5 wrong tries', async () => {
    const email = 'guesser@example.com';
    await post('/api/auth/request-otp', { email });
    const code = await smtp.nextCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await post('/api/auth/validate-otp', { email, code: wrong })).statusCode).toBe(401);
    const right = await post('/api/auth/validate-otp', { email, code });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({
      error: 'Too many wrong codes. Please request a new code.',
    });
  });

  it('refuses malformed input with a clear 400 and its message', async () => {
    const short = await post('/api/auth/validate-otp', { email: 'a@b.co', code: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      error: 'Please enter all 6 digits',
      code: 'VALIDATION_FAILED',
      field: 'code',
    });
    const extra = await post('/api/auth/request-otp', { email: 'a@b.co', admin: true });
    expect(extra.statusCode).toBe(400);
    const badJson = await auth.app.inject({
      method: 'POST',
      url: '/api/auth/request-otp',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json<{ error: string; code: string }>()).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: expect.stringMatching(/not valid JSON/),
    });
    const notEmail = await post('/api/auth/request-otp', { email: 'not an email' });
    expect(notEmail.statusCode).toBe(400);
  });

  it('takes only addresses a browser calls e-mail addresses, so no send fails on the format', async () => {
    // These fit "something@something.something" but no mail server takes them: they were a 503.
    for (const email of ['d@&.#,b"!', '%{{n%~@iisJ)adVAhr.u8|', 'ref@{e.D36?}\\..', 'a@b..co']) {
      const response = await post('/api/auth/request-otp', { email });
      expect(response.statusCode, email).toBe(400);
      expect(response.json(), email).toMatchObject({
        code: 'VALIDATION_FAILED',
        error: 'Please enter a valid email address.',
        field: 'email',
      });
      const verify = await post('/api/auth/validate-otp', { email, code: '123456' });
      expect(verify.statusCode, email).toBe(400);
    }
    for (const email of ["o'brien+minutes@mail.example.org", 'x_y@sub-domain.example.co.uk']) {
      expect((await post('/api/auth/request-otp', { email })).statusCode, email).toBe(200);
      expect(await smtp.nextCode(email)).toMatch(/^\d{6}$/);
    }
  });
});

describe('sessions', () => {
  it('revokes the session at once on logout', async () => {
    const verified = await signIn('leaver@example.com');
    const { token } = verified.json<{ token: string }>();
    const internal = await internalToken(token);
    const out = await post('/api/auth/logout', {}, { authorization: `Bearer ${internal}` });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toContain('session=; Path=/; Max-Age=0');
    const again = await post('/internal/sessions/resolve', { token });
    expect(again.statusCode).toBe(401);
  });

  it('records privacy acceptance', async () => {
    const verified = await signIn('private@example.com');
    const internal = await internalToken(verified.json<{ token: string }>().token);
    const headers = { authorization: `Bearer ${internal}` };
    expect(
      (await auth.app.inject({ method: 'GET', url: '/api/auth/privacy-status', headers })).json(),
    ).toEqual({ hasAcceptedPrivacy: false });
    expect((await post('/api/auth/accept-privacy', {}, headers)).statusCode).toBe(200);
    expect(
      (await auth.app.inject({ method: 'GET', url: '/api/auth/privacy-status', headers })).json(),
    ).toEqual({ hasAcceptedPrivacy: true });
  });

  it('refuses forged internal tokens: unsigned, wrong key, expired', async () => {
    const user = { id: '7d1f6f1e-6c55-4f4e-9d53-2a1f0f0b9f11', email: 'mallory@example.com' };
    const tokens = [
      runtime.tokens.unsigned(user),
      await runtime.tokens.forged(user),
      await runtime.tokens.expired(user),
      'garbage',
    ];
    for (const token of tokens) {
      const response = await auth.app.inject({
        method: 'GET',
        url: '/api/auth/status',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'User is not authenticated' });
    }
  });
});

describe('operations', () => {
  it('answers health, readiness, metrics and OpenAPI', async () => {
    expect((await auth.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await auth.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const metrics = await auth.app.inject({ url: '/metrics' });
    expect(metrics.body).toContain('http_request_duration_seconds');
    expect(metrics.body).toContain('outbox_backlog');
    const openapi = (await auth.app.inject({ url: '/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(openapi.paths)).toContain('/api/auth/request-otp');
  });
});

describe('the user time zone', () => {
  const put = async (sessionToken: string, body: unknown) =>
    auth.app.inject({
      method: 'PUT',
      url: '/api/auth/time-zone',
      payload: body as object,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await internalToken(sessionToken)}`,
      },
    });

  it('is UTC until set, saved from the browser at sign-in, and carried in the internal token', async () => {
    const plain = await signIn('tz-none@example.com');
    expect(await timeZoneClaim(plain.json<{ token: string }>().token)).toBe('UTC');
    const session = await signInFrom('tz-auckland@example.com', 'Pacific/Auckland');
    expect(await timeZoneClaim(session)).toBe('Pacific/Auckland');
  });

  it('ignores a zone Intl does not know at sign-in, keeping the one saved', async () => {
    await signInFrom('tz-odd@example.com', 'Europe/Paris');
    for (const odd of ['Mars/Olympus_Mons', '+02:00']) {
      const session = await signInFrom('tz-odd@example.com', odd);
      expect(await timeZoneClaim(session)).toBe('Europe/Paris');
    }
  });

  it('is changed in the settings, and applies to the next internal token', async () => {
    const session = await signInFrom('tz-set@example.com', 'UTC');
    const changed = await put(session, { timeZone: 'america/los_angeles' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ success: true, timeZone: 'America/Los_Angeles' });
    expect(await timeZoneClaim(session)).toBe('America/Los_Angeles');
  });

  it.each([[''], ['Mars/Olympus_Mons'], ['+01:00'], ['x'.repeat(300)], [null], [7]])(
    'refuses %j in the settings with 400, changing nothing',
    async (timeZone) => {
      const session = await signInFrom(
        `tz-bad-${randomUUID().slice(0, 6)}@example.com`,
        'Asia/Tokyo',
      );
      const refused = await put(session, { timeZone });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'timeZone' });
      expect(await timeZoneClaim(session)).toBe('Asia/Tokyo');
    },
  );

  it('refuses the signed out', async () => {
    const response = await auth.app.inject({
      method: 'PUT',
      url: '/api/auth/time-zone',
      payload: { timeZone: 'UTC' },
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(401);
  });
});
