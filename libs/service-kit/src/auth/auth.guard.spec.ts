import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DomainError } from '../errors/domain-error.js';
import { InternalAuthGuard, Public } from './auth.guard.js';
import { staticKeyStore } from '../testing/index.js';
import type { KeyStore } from './key-store.js';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const caller = { id: randomUUID(), email: 'guarded@example.com', sessionId: randomUUID() };

interface TokenOptions {
  sub?: string;
  email?: string;
  kid?: string;
  key?: KeyObject;
  issuer?: string;
  audience?: string;
  issuedAgoSeconds?: number;
  expiresInSeconds?: number;
}

async function token(options: TokenOptions = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: options.email ?? caller.email, sid: caller.sessionId })
    .setProtectedHeader({ alg: 'ES256', kid: options.kid ?? 'k1' })
    .setSubject(options.sub ?? caller.id)
    .setIssuer(options.issuer ?? 'svc-auth')
    .setAudience(options.audience ?? 'meetings-platform')
    .setIssuedAt(now - (options.issuedAgoSeconds ?? 0))
    .setExpirationTime(now + (options.expiresInSeconds ?? 120))
    .sign(options.key ?? privateKey);
}

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A good token whose payload was changed after signing (another subject), signature kept. */
async function tampered() {
  const [header, payload, signature] = (await token()).split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as object;
  return `${header}.${encode({ ...claims, sub: randomUUID() })}.${signature}`;
}

async function unsigned() {
  const [, payload] = (await token()).split('.');
  return `${encode({ alg: 'none', typ: 'JWT', kid: 'k1' })}.${payload}.`;
}

/** A key store that counts how often it is asked, and whose keys can be withdrawn. */
function countingKeys() {
  let keys: KeyStore = staticKeyStore({ k1: publicKey });
  const store = vi.fn<KeyStore>((header, input) => keys(header, input));
  return { store, withdraw: () => (keys = staticKeyStore({})) };
}

/** An HTTP request to a route of `Routes`, as Nest hands it to a guard. */
function httpContext(authorization?: string, handler: 'guarded' | 'open' = 'guarded') {
  const request: { headers: Record<string, string>; user?: unknown } = {
    headers: authorization ? { authorization } : {},
  };
  class Routes {
    guarded() {}
    @Public()
    open() {}
  }
  const context = {
    getType: () => 'http',
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({}) }),
  } as unknown as ExecutionContext;
  return { request, context };
}

async function expectRefused(guard: InternalAuthGuard, authorization: string | undefined) {
  const { request, context } = httpContext(authorization);
  const answer = await guard.canActivate(context).catch((error: unknown) => error);
  expect(answer).toBeInstanceOf(DomainError);
  expect((answer as DomainError).status).toBe(401);
  expect(request.user).toBeUndefined();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('InternalAuthGuard', () => {
  it('verifies the token of every request, also one it let in before', async () => {
    const keys = countingKeys();
    const guard = new InternalAuthGuard(new Reflector(), keys.store);
    const signed = await token();
    const bearer = `Bearer ${signed}`;
    for (let i = 1; i <= 3; i++) {
      const { request, context } = httpContext(bearer);
      await expect(guard.canActivate(context)).resolves.toBe(true);
      // The token itself too: calls made for the caller to other services carry it.
      // No `tz` claim: the caller's day is judged in UTC.
      expect(request.user).toEqual({ ...caller, timeZone: 'UTC', token: signed });
      expect(keys.store).toHaveBeenCalledTimes(i);
    }
  });

  it('gives the caller address as sign-in stores addresses, trimmed and in lower case', async () => {
    const guard = new InternalAuthGuard(new Reflector(), countingKeys().store);
    const { request, context } = httpContext(
      `Bearer ${await token({ email: ' Guarded@Example.COM ' })}`,
    );
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect((request.user as { email: string }).email).toBe('guarded@example.com');
  });

  it('refuses a token it let in once its key is withdrawn', async () => {
    const keys = countingKeys();
    const guard = new InternalAuthGuard(new Reflector(), keys.store);
    const bearer = `Bearer ${await token()}`;
    await expect(guard.canActivate(httpContext(bearer).context)).resolves.toBe(true);
    keys.withdraw();
    await expectRefused(guard, bearer);
  });

  it('refuses a token it let in once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const guard = new InternalAuthGuard(new Reflector(), countingKeys().store);
    const bearer = `Bearer ${await token({ expiresInSeconds: 30 })}`;
    await expect(guard.canActivate(httpContext(bearer).context)).resolves.toBe(true);
    vi.setSystemTime(Date.now() + 40_000);
    await expectRefused(guard, bearer);
  });

  it('refuses missing, malformed, tampered, unsigned, forged, expired and misaddressed tokens, every time', async () => {
    const guard = new InternalAuthGuard(new Reflector(), countingKeys().store);
    const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const good = await token();
    const bad = [
      undefined,
      good,
      `Basic ${good}`,
      'Bearer not.a.token',
      `Bearer ${await tampered()}`,
      `Bearer ${await unsigned()}`,
      `Bearer ${await token({ key: stranger })}`,
      `Bearer ${await token({ kid: 'k2' })}`,
      `Bearer ${await token({ expiresInSeconds: -60 })}`,
      `Bearer ${await token({ issuedAgoSeconds: 600 })}`,
      `Bearer ${await token({ issuer: 'someone-else' })}`,
      `Bearer ${await token({ audience: 'another-platform' })}`,
      `Bearer ${await token({ sub: 'not-a-uuid' })}`,
    ];
    for (const authorization of [...bad, ...bad]) await expectRefused(guard, authorization);
  });

  it('lets anyone into a public route', async () => {
    const guard = new InternalAuthGuard(new Reflector(), countingKeys().store);
    const { context } = httpContext(undefined, 'open');
    await expect(guard.canActivate(context)).resolves.toBe(true);
  });
});
