import type { KeyObject } from 'node:crypto';
import { createLocalJWKSet, createRemoteJWKSet, type JWK, type JWTVerifyGetKey } from 'jose';

/** Verification keys of the internal tokens: picks the key a token's header names. */
export type KeyStore = JWTVerifyGetKey;

/** Keys given up front (tests, or a key pinned by configuration), by key id. */
export function staticKeyStore(keys: Record<string, KeyObject>): KeyStore {
  return createLocalJWKSet({
    keys: Object.entries(keys).map(([kid, key]) => ({
      ...(key.export({ format: 'jwk' }) as JWK),
      kid,
    })),
  });
}

/**
 * svc-auth's published keys (JWKS), fetched on first use and again when a token names an unknown
 * key (a rotation), at most once every 10 s so forged key ids cannot make us hammer svc-auth. Known
 * keys stay in use while svc-auth is unreachable.
 */
export function jwksKeyStore(url: string): KeyStore {
  return createRemoteJWKSet(new URL(url), {
    cooldownDuration: 10_000,
    timeoutDuration: 2_000,
    cacheMaxAge: Number.POSITIVE_INFINITY,
  });
}
