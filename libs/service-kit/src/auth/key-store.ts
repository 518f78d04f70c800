import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';

/** Verification keys of the internal tokens: picks the key a token's header names. */
export type KeyStore = JWTVerifyGetKey;

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
