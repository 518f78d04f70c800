import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jwksKeyStore } from './key-store.js';

const pair = (kid: string) => ({ kid, ...generateKeyPairSync('ec', { namedCurve: 'P-256' }) });
const first = pair('k1');
const second = pair('k2');

/** A JWKS endpoint whose published keys can change, counting its requests. */
async function jwksServer(keys: { kid: string; publicKey: KeyObject }[]) {
  const state = { keys, requests: 0 };
  const server: Server = createServer((_request, response) => {
    state.requests++;
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        keys: state.keys.map(({ kid, publicKey }) => ({
          ...publicKey.export({ format: 'jwk' }),
          kid,
          alg: 'ES256',
          use: 'sig',
        })),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/internal/jwks`;
  return { state, url, close: () => new Promise((resolve) => server.close(resolve)) };
}

const sign = (key: { kid: string; privateKey: KeyObject }) =>
  new SignJWT({}).setProtectedHeader({ alg: 'ES256', kid: key.kid }).sign(key.privateKey);

afterEach(() => {
  vi.useRealTimers();
});

describe('jwksKeyStore', () => {
  it('fetches again for an unknown key at most every 10 s, and keeps known keys while svc-auth is away', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const jwks = await jwksServer([first]);
    const keys = jwksKeyStore(jwks.url);
    await expect(jwtVerify(await sign(first), keys)).resolves.toBeTruthy();
    expect(jwks.state.requests).toBe(1);

    jwks.state.keys = [first, second];
    const rotated = await sign(second);
    for (let i = 0; i < 5; i++) await expect(jwtVerify(rotated, keys)).rejects.toThrow();
    expect(jwks.state.requests).toBe(1);

    vi.setSystemTime(Date.now() + 10_001);
    await expect(jwtVerify(rotated, keys)).resolves.toBeTruthy();
    expect(jwks.state.requests).toBe(2);

    await jwks.close();
    vi.setSystemTime(Date.now() + 3_600_000);
    await expect(jwtVerify(await sign(first), keys)).resolves.toBeTruthy();
  });
});
