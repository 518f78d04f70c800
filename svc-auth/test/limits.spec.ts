import { ServerMessages } from '@meetings/contracts';
import type { RunningService } from '@meetings/service-kit';
import { createTestRuntime, type TestRuntime } from '@meetings/service-kit/testing';
import { freePort, startTestSmtp } from '@meetings/testing/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthService } from '../src/app.js';
import type { AuthEnv } from '../src/config.js';

// svc-auth with its default limits: 1 code a minute and 5 an hour per address, 30 an hour per IP,
// 50 code checks per 15 minutes per IP.
let runtime: TestRuntime;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let auth: RunningService<AuthEnv>;

beforeAll(async () => {
  runtime = await createTestRuntime();
  smtp = await startTestSmtp();
  const managementPort = await freePort();
  auth = await startAuthService({
    shared: { ...runtime.shared, keyStore: undefined },
    port: 0,
    managementPort,
    env: {
      ...runtime.env,
      SMTP_URL: smtp.url,
      AUTH_JWKS_URL: `http://127.0.0.1:${managementPort}/internal/jwks`,
    },
  });
});

afterAll(async () => {
  await auth?.close();
  await smtp?.close();
  await runtime?.cleanup();
});

function post(url: string, payload: object, ip: string) {
  return auth.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': ip } });
}

describe('sending limits', () => {
  it('sends one code a minute per address', async () => {
    const first = await post('/api/auth/request-otp', { email: 'once@example.com' }, '10.0.0.1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ message: ServerMessages.otpSent });
    const again = await post('/api/auth/request-otp', { email: 'once@example.com' }, '10.0.0.2');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: ServerMessages.otpStillValid });
    expect(smtp.messages.filter((m) => m.to.includes('once@example.com'))).toHaveLength(1);
    await smtp.nextCode('once@example.com');
  });

  it('keeps the code already sent working while someone floods requests for the address', async () => {
    const email = 'flooded@example.com';
    expect((await post('/api/auth/request-otp', { email }, '10.4.0.1')).statusCode).toBe(200);
    const code = await smtp.nextCode(email);
    // Requests past the address's quota, from everywhere: none replaces the code, none fails.
    for (let i = 0; i < 20; i++) {
      const flood = await post('/api/auth/request-otp', { email }, `10.5.0.${i}`);
      expect(flood.statusCode).toBe(200);
      expect(flood.json()).toMatchObject({ message: ServerMessages.otpStillValid });
    }
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
    expect((await post('/api/auth/validate-otp', { email, code }, '10.4.0.1')).statusCode).toBe(
      200,
    );
    // With no code left to use, past the quota is a plain "wait".
    const after = await post('/api/auth/request-otp', { email }, '10.4.0.1');
    expect(after.statusCode).toBe(429);
    expect(after.json()).toMatchObject({ error: 'Please wait before requesting another code.' });
  });

  it('limits codes per IP address across many addresses', async () => {
    const answers = [];
    for (let i = 0; i < 35; i++) {
      answers.push(
        (await post('/api/auth/request-otp', { email: `spray-${i}@example.com` }, '10.0.0.9'))
          .statusCode,
      );
    }
    expect(answers.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(answers.slice(30).every((s) => s === 429)).toBe(true);
  });
});

describe('guessing', () => {
  it('lets 10,000 wrong guesses from rotating addresses log nobody in, and cuts them off', async () => {
    const sessionCount = async () =>
      (
        (await auth.dataSource.query(`SELECT count(*)::int AS n FROM session`)) as { n: number }[]
      )[0]!.n;
    const sessionsBefore = await sessionCount();
    // A real user waiting for a code: the guesses below must never get in as them.
    await post('/api/auth/request-otp', { email: 'victim@example.com' }, '10.1.0.1');
    const code = await smtp.nextCode('victim@example.com');

    const statuses = new Map<number, number>();
    for (let i = 0; i < 10_000; i++) {
      const email = i % 2 === 0 ? 'victim@example.com' : `someone-${i}@example.com`;
      let guess = String((i * 7919) % 1_000_000).padStart(6, '0');
      if (guess === code) guess = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const ip = `10.2.${Math.floor(i / 250)}.${i % 250}`;
      const response = await post(
        '/api/auth/validate-otp',
        { email, code: guess },
        i < 5_000 ? '10.3.0.1' : ip,
      );
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    expect(statuses.get(200)).toBeUndefined();
    // From one address the IP limit (50 per 15 minutes) cuts the guesses off after 50.
    expect(statuses.get(429)).toBeGreaterThanOrEqual(4_950);
    // From rotating addresses each code dies after 5 wrong tries, so the victim's code is dead too.
    const late = await post(
      '/api/auth/validate-otp',
      { email: 'victim@example.com', code },
      '10.9.9.9',
    );
    expect(late.statusCode).toBe(401);
    expect(await sessionCount()).toBe(sessionsBefore);
  }, 300_000);
});
