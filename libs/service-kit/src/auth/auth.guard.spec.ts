import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { SignJWT } from 'jose';
import passport from 'passport';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DomainError } from '../errors/domain-error.js';
import { InternalAuthGuard } from './auth.guard.js';
import { InternalTokenStrategy } from './internal-token.strategy.js';
import { StaticKeyStore } from './key-store.js';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const strategy = new InternalTokenStrategy(new StaticKeyStore({ k1: publicKey }));
const guard = new InternalAuthGuard(new Reflector(), strategy);
const caller = { id: randomUUID(), email: 'guarded@example.com', sessionId: randomUUID() };

async function token(claims: { sub?: string; kid?: string; key?: typeof privateKey } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: caller.email, sid: caller.sessionId })
    .setProtectedHeader({ alg: 'ES256', kid: claims.kid ?? 'k1' })
    .setSubject(claims.sub ?? caller.id)
    .setIssuer('svc-auth')
    .setAudience('meetings-platform')
    .setIssuedAt(now)
    .setExpirationTime(now + 120)
    .sign(claims.key ?? privateKey);
}

/** An HTTP request to a guarded route, as Nest hands it to a guard. */
function httpContext(authorization?: string) {
  const request: { headers: Record<string, string>; user?: unknown } = {
    headers: authorization ? { authorization } : {},
  };
  class Routes {
    handler() {}
  }
  const context = {
    getType: () => 'http',
    getHandler: () => Routes.prototype.handler,
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({}) }),
  } as unknown as ExecutionContext;
  return { request, context };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('InternalAuthGuard', () => {
  it('verifies a new token through passport, then lets it in without passport until it expires', async () => {
    const authenticate = vi.spyOn(passport, 'authenticate');
    const bearer = `Bearer ${await token()}`;

    const first = httpContext(bearer);
    await expect(guard.canActivate(first.context)).resolves.toBe(true);
    expect(first.request.user).toEqual(caller);
    expect(authenticate).toHaveBeenCalledTimes(1);

    const again = httpContext(bearer);
    expect(guard.canActivate(again.context)).toBe(true);
    expect(again.request.user).toEqual(caller);
    expect(authenticate).toHaveBeenCalledTimes(1);
  });

  it('refuses a missing token, a forged signature and a wrong subject every time it is asked', async () => {
    const forged = `Bearer ${await token({ key: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey })}`;
    const badSubject = `Bearer ${await token({ sub: 'not-a-uuid' })}`;
    const unknownKey = `Bearer ${await token({ kid: 'k2' })}`;
    for (const authorization of [undefined, forged, forged, badSubject, badSubject, unknownKey]) {
      const { request, context } = httpContext(authorization);
      const answer = await Promise.resolve()
        .then(() => guard.canActivate(context))
        .catch((error: unknown) => error);
      expect(answer).toBeInstanceOf(DomainError);
      expect((answer as DomainError).status).toBe(401);
      expect(request.user).toBeUndefined();
    }
  });
});
