import { OTP_MAX_ATTEMPTS, ServerMessages } from '@meetings/contracts';
import type { RunningService } from '@meetings/service-kit';
import { createTestRuntime, type TestRuntime } from '@meetings/service-kit/testing';
import { freePort, startTestSmtp } from '@meetings/testing/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthService } from '../src/app.js';
import type { AuthEnv } from '../src/config.js';
import { backoffSeconds, LoginCodesService } from '../src/otp/login-codes.service.js';

// Two services on one mailbox: one with the default waits between wrong codes, one without them
// (so a test can reach the lock of 100 wrong codes in a row without waiting a day).
let runtime: TestRuntime;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let withWaits: RunningService<AuthEnv>;
let noWaits: RunningService<AuthEnv>;

async function start(extra: Record<string, string>, shared: TestRuntime) {
  const managementPort = await freePort();
  return startAuthService({
    shared: { ...shared.shared, keyStore: undefined },
    port: 0,
    managementPort,
    env: {
      ...shared.env,
      SMTP_URL: smtp.url,
      AUTH_JWKS_URL: `http://127.0.0.1:${managementPort}/internal/jwks`,
      OTP_EMAIL_PER_MINUTE: '1000',
      OTP_EMAIL_PER_HOUR: '1000',
      OTP_IP_PER_HOUR: '100000',
      VERIFY_IP_PER_15_MINUTES: '100000',
      ...extra,
    },
  });
}

let otherRuntime: TestRuntime;
beforeAll(async () => {
  runtime = await createTestRuntime();
  otherRuntime = await createTestRuntime();
  smtp = await startTestSmtp();
  withWaits = await start({}, runtime);
  noWaits = await start({ OTP_BACKOFF_MAX_SECONDS: '0' }, otherRuntime);
});

afterAll(async () => {
  await withWaits?.close();
  await noWaits?.close();
  await smtp?.close();
  await runtime?.cleanup();
  await otherRuntime?.cleanup();
});

function post(service: RunningService<AuthEnv>, url: string, payload: object) {
  return service.app.inject({ method: 'POST', url, payload });
}

async function newCode(service: RunningService<AuthEnv>, email: string): Promise<string> {
  const sent = await post(service, '/api/auth/request-otp', { email });
  expect(sent.json()).toMatchObject({ message: ServerMessages.otpSent });
  return smtp.nextCode(email);
}

function wrongFor(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

/** Spends one code on wrong guesses (a code takes 5); returns the statuses of the tries. */
async function spendCode(
  service: RunningService<AuthEnv>,
  email: string,
  tries = OTP_MAX_ATTEMPTS,
): Promise<number[]> {
  const code = await newCode(service, email);
  const statuses: number[] = [];
  for (let i = 0; i < tries; i++) {
    const answer = await post(service, '/api/auth/validate-otp', { email, code: wrongFor(code) });
    statuses.push(answer.statusCode);
  }
  return statuses;
}

describe('waits between wrong codes', () => {
  it('doubles from 2 s past one code’s own tries, up to the cap', () => {
    expect([1, 5, 6, 7, 8, 14, 15, 100].map((n) => backoffSeconds(n, 900))).toEqual([
      0, 0, 2, 4, 8, 512, 900, 900,
    ]);
    expect(backoffSeconds(50, 0)).toBe(0);
  });

  it('makes the address wait after a code’s worth of wrong tries, even with the right code', async () => {
    const email = 'slow-guesser@example.com';
    expect(await spendCode(withWaits, email)).toEqual([401, 401, 401, 401, 401]);
    const code = await newCode(withWaits, email);
    // The sixth wrong code in a row is checked and counted; the next try must wait 2 s.
    const sixth = await post(withWaits, '/api/auth/validate-otp', { email, code: wrongFor(code) });
    expect(sixth.statusCode).toBe(401);
    const hurried = await post(withWaits, '/api/auth/validate-otp', { email, code });
    expect(hurried.statusCode).toBe(429);
    expect(hurried.json()).toMatchObject({
      code: 'AUTH_WRONG_CODE_WAIT',
      error: ServerMessages.wrongCodeWait,
    });
    // The wait did not use up the code: after it, the right code signs in and clears the count.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await post(withWaits, '/api/auth/validate-otp', { email, code })).statusCode).toBe(200);
    const [failures] = (await withWaits.dataSource.query(
      `SELECT count(*)::int AS n FROM sign_in_failure WHERE email = $1`,
      [email],
    )) as { n: number }[];
    expect(failures!.n).toBe(0);
  });

  it('does not count tries when no code is waiting (nothing there to guess)', async () => {
    const email = 'nobody-asked@example.com';
    for (let i = 0; i < 10; i++)
      expect(
        (await post(withWaits, '/api/auth/validate-otp', { email, code: '123456' })).statusCode,
      ).toBe(401);
    const code = await newCode(withWaits, email);
    expect((await post(withWaits, '/api/auth/validate-otp', { email, code })).statusCode).toBe(200);
  });
});

describe('the lock after 100 wrong codes in a row', () => {
  it('locks code sign-in for the address, with a clear message, until an operator lifts it', async () => {
    const email = 'locked@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 100 / OTP_MAX_ATTEMPTS; i++)
      statuses.push(...(await spendCode(noWaits, email)));
    expect(statuses.slice(0, 99).every((status) => status === 401)).toBe(true);
    // The hundredth wrong code locks the address.
    expect(statuses[99]).toBe(403);

    const request = await post(noWaits, '/api/auth/request-otp', { email });
    expect(request.statusCode).toBe(403);
    expect(request.json()).toMatchObject({
      code: 'AUTH_SIGN_IN_LOCKED',
      error: ServerMessages.signInLocked,
    });
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(20);

    expect(await noWaits.app.get(LoginCodesService).unlock(email)).toBe(true);
    const code = await newCode(noWaits, email);
    expect((await post(noWaits, '/api/auth/validate-otp', { email, code })).statusCode).toBe(200);
  });

  it('refuses even the right code once locked, and counts wrong codes in a row only', async () => {
    const email = 'almost@example.com';
    // 99 wrong, then a sign-in: the count starts again.
    for (let i = 0; i < 100 / OTP_MAX_ATTEMPTS - 1; i++) await spendCode(noWaits, email);
    await spendCode(noWaits, email, OTP_MAX_ATTEMPTS - 1);
    let code = await newCode(noWaits, email);
    expect((await post(noWaits, '/api/auth/validate-otp', { email, code })).statusCode).toBe(200);
    expect(await spendCode(noWaits, email)).toEqual([401, 401, 401, 401, 401]);

    // Locked with a code pending: the right code no longer signs in.
    await noWaits.dataSource.query(
      `UPDATE sign_in_failure SET failed_attempts = 99 WHERE email = $1`,
      [email],
    );
    code = await newCode(noWaits, email);
    const last = await post(noWaits, '/api/auth/validate-otp', { email, code: wrongFor(code) });
    expect(last.json()).toMatchObject({ error: ServerMessages.signInLocked });
    const right = await post(noWaits, '/api/auth/validate-otp', { email, code });
    expect(right.statusCode).toBe(403);
  });
});
