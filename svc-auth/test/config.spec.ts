import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '@meetings/service-kit';
import { createTestRuntime, type TestRuntime } from '@meetings/service-kit/testing';
import { freePort, startTestSmtp } from '@meetings/testing/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthService } from '../src/app.js';
import { AuthEnvSchema, logsLoginCodes } from '../src/config.js';

const pem = (curve: string) =>
  generateKeyPairSync('ec', { namedCurve: curve })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
const SIGNING_KEY = pem('P-256');
const HMAC_SECRET = 'x'.repeat(48);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'auth-config-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(AuthEnvSchema, { PORT: '0', MANAGEMENT_PORT: '0', ...env });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

const production = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.example:587',
  OTP_HMAC_SECRET: HMAC_SECRET,
  INTERNAL_JWT_PRIVATE_KEY: SIGNING_KEY,
};

describe('production settings', () => {
  it('start with a mail server and both secrets', () => {
    expect(problems(production)).toEqual([]);
  });

  it('refuse to start without SMTP_URL, naming it, unless codes are logged on purpose', () => {
    const { SMTP_URL: _smtp, ...withoutMail } = production;
    expect(problems(withoutMail)).toEqual([
      expect.stringMatching(/^SMTP_URL: required: login codes are sent by e-mail/),
    ]);
    expect(problems({ ...withoutMail, LOG_LOGIN_CODES: 'true' })).toEqual([]);
    const config = loadConfig(AuthEnvSchema, { PORT: '0', MANAGEMENT_PORT: '0', ...production });
    expect(logsLoginCodes(config)).toBe(false);
  });

  it('refuse to start without the code key or the signing key, naming each', () => {
    const { OTP_HMAC_SECRET: _h, INTERNAL_JWT_PRIVATE_KEY: _k, ...withoutSecrets } = production;
    const found = problems(withoutSecrets);
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^OTP_HMAC_SECRET: required when NODE_ENV=production/);
    expect(found[1]).toMatch(/^INTERNAL_JWT_PRIVATE_KEY: required when NODE_ENV=production/);
  });

  it('refuse a signing key that is not a P-256 private key, without echoing it', () => {
    const wrongCurve = pem('P-384');
    const found = problems({ ...production, INTERNAL_JWT_PRIVATE_KEY: wrongCurve });
    expect(found).toEqual([expect.stringMatching(/^INTERNAL_JWT_PRIVATE_KEY: must be a PKCS#8/)]);
    expect(found.join()).not.toContain('PRIVATE KEY-----');
  });

  it('read secrets from mounted files (<NAME>_FILE)', () => {
    const { OTP_HMAC_SECRET: _h, INTERNAL_JWT_PRIVATE_KEY: _k, SMTP_URL: _s, ...rest } = production;
    writeFileSync(join(dir, 'otp-hmac-secret'), `${HMAC_SECRET}\n`);
    writeFileSync(join(dir, 'internal-jwt-private-key'), SIGNING_KEY);
    writeFileSync(join(dir, 'smtp-url'), 'smtp://user:pass@mail.example:587\n');
    const config = loadConfig(AuthEnvSchema, {
      PORT: '0',
      MANAGEMENT_PORT: '0',
      ...rest,
      OTP_HMAC_SECRET_FILE: join(dir, 'otp-hmac-secret'),
      INTERNAL_JWT_PRIVATE_KEY_FILE: join(dir, 'internal-jwt-private-key'),
      SMTP_URL_FILE: join(dir, 'smtp-url'),
    });
    expect(config.OTP_HMAC_SECRET).toBe(HMAC_SECRET);
    expect(config.INTERNAL_JWT_PRIVATE_KEY).toBe(SIGNING_KEY.trim());
    expect(config.SMTP_URL).toBe('smtp://user:pass@mail.example:587');
    expect(problems({ ...production, OTP_HMAC_SECRET_FILE: join(dir, 'otp-hmac-secret') })).toEqual(
      ['OTP_HMAC_SECRET_FILE: set OTP_HMAC_SECRET or OTP_HMAC_SECRET_FILE, not both'],
    );
    expect(
      problems({
        ...rest,
        SMTP_URL: 'smtp://m:25',
        OTP_HMAC_SECRET_FILE: join(dir, 'missing'),
        INTERNAL_JWT_PRIVATE_KEY: SIGNING_KEY,
      }),
    ).toContain(`OTP_HMAC_SECRET_FILE: cannot read ${join(dir, 'missing')} (ENOENT)`);
  });
});

describe('outside production', () => {
  it('writes codes to the log when no mail server is set (npm start)', () => {
    const config = loadConfig(AuthEnvSchema, {
      PORT: '0',
      MANAGEMENT_PORT: '0',
      NODE_ENV: 'development',
    });
    expect(logsLoginCodes(config)).toBe(true);
    expect(
      logsLoginCodes(
        loadConfig(AuthEnvSchema, { PORT: '0', MANAGEMENT_PORT: '0', SMTP_URL: 'smtp://m:25' }),
      ),
    ).toBe(false);
  });
});

describe('starting svc-auth', () => {
  let runtime: TestRuntime;
  let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
  beforeAll(async () => {
    runtime = await createTestRuntime();
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
    await runtime?.cleanup();
  });

  it('fails in production without a mail server or secrets, before it listens', async () => {
    await expect(
      startAuthService({
        shared: { ...runtime.shared, keyStore: undefined },
        port: 0,
        env: { ...runtime.env, NODE_ENV: 'production' },
      }),
    ).rejects.toThrow(
      /SMTP_URL: required[\s\S]*OTP_HMAC_SECRET: required[\s\S]*INTERNAL_JWT_PRIVATE_KEY: required/,
    );
  });

  it('keeps generated secrets in 0600 files under DATA_DIR, never in a table, the same after a restart', async () => {
    const boot = async () => {
      const managementPort = await freePort();
      return startAuthService({
        shared: { ...runtime.shared, keyStore: undefined },
        port: 0,
        managementPort,
        env: {
          ...runtime.env,
          SMTP_URL: smtp.url,
          AUTH_JWKS_URL: `http://127.0.0.1:${managementPort}/internal/jwks`,
        },
      });
    };
    const email = 'restarted@example.com';
    const first = await boot();
    await first.app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { email } });
    const code = await smtp.nextCode(email);
    const kid = (await first.app.inject({ url: '/internal/jwks' })).json<{
      keys: { kid: string }[];
    }>().keys[0]!.kid;
    const tables = (await first.dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`,
    )) as { table_name: string }[];
    await first.close();
    expect(tables.map((t) => t.table_name)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/secret|signing_key/)]),
    );
    for (const name of ['otp-hmac-key', 'internal-jwt-private-key.pem']) {
      const mode = statSync(join(runtime.env.DATA_DIR!, 'secrets', name)).mode & 0o777;
      expect(mode.toString(8), name).toBe('600');
    }
    expect(statSync(join(runtime.env.DATA_DIR!, 'secrets')).mode & 0o777).toBe(0o700);

    // A code sent before the restart still works after it, and tokens keep their key.
    const second = await boot();
    const again = (await second.app.inject({ url: '/internal/jwks' })).json<{
      keys: { kid: string }[];
    }>();
    const verified = await second.app.inject({
      method: 'POST',
      url: '/api/auth/validate-otp',
      payload: { email, code },
    });
    await second.close();
    expect(again.keys.map((k) => k.kid)).toEqual([kid]);
    expect(verified.statusCode).toBe(200);
  });
});
