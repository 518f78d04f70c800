import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { TestTokens } from '@meetings/service-kit/testing';
import type { SharedRuntime } from '@meetings/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers.js';
import { rawRequest } from '../security/raw-http.js';
import { registeredRoutes, type RegisteredRoute } from '../security/registered-routes.js';
import { ACCESS_MATRIX } from '../access/matrix.js';
import { suite } from '../security/suite.js';

const ANY_ID = '00000000-0000-4000-8000-000000000000';
const concrete = (path: string) => path.replace(/:(\w+)/g, ANY_ID);

/** The routes that need a signed-in caller (signed out, the matrix expects UNAUTHENTICATED). */
function protectedRoutes(t: TestPlatform): RegisteredRoute[] {
  const needsSignIn = new Set(
    ACCESS_MATRIX.filter((row) => row.outcomes[0].code === 'UNAUTHENTICATED').map(
      (row) => `${row.method} ${row.route}`,
    ),
  );
  return registeredRoutes(t.platform).filter((r) => needsSignIn.has(`${r.method} ${r.path}`));
}

describe('internal tokens on every service, called directly (not through the gateway)', () => {
  let t: TestPlatform;
  const tokens = new TestTokens();
  beforeAll(async () => {
    // The services trust the test key, so a correctly signed token is the control that passes.
    t = await startTestPlatform({
      shared: { keyStore: tokens.keyStore() } as Partial<SharedRuntime> as SharedRuntime,
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('refuses forged, expired, unsigned, wrongly issued and garbage tokens with 401 on every protected route', async () => {
    const routes = protectedRoutes(t);
    const services = new Set(routes.map((r) => r.service));
    // Every service is covered.
    expect([...services].sort()).toEqual(['actions', 'auth', 'meetings', 'subscription']);
    const user = { id: randomUUID(), email: `tokens-${randomUUID().slice(0, 8)}@example.com` };
    const bad: [string, string][] = [
      ['forged', await tokens.forged(user)],
      ['expired', await tokens.expired(user)],
      ['unsigned', tokens.unsigned(user)],
      ['wrong issuer', await tokens.sign(user, { issuer: 'someone-else' })],
      ['malformed claims', await tokens.sign({ ...user, sessionId: 'not-a-session' })],
      ['garbage', 'not.a.token'],
    ];
    const good = await tokens.sign(user);
    for (const route of routes) {
      const base = t.platform.services[route.service].url;
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}';
      const headers = (token: string) => ({
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      });
      for (const [kind, token] of bad) {
        const answer = await rawRequest(base, route.method, concrete(route.path), {
          headers: headers(token),
          body,
        });
        expect(answer.status, `${kind} token, ${route.method} ${route.path}`).toBe(401);
        expect(JSON.parse(answer.text)).toMatchObject({ code: 'UNAUTHENTICATED' });
      }
      const control = await rawRequest(base, route.method, concrete(route.path), {
        headers: headers(good),
        body,
      });
      expect(control.status, `valid token, ${route.method} ${route.path}`).not.toBe(401);
      expect(control.status, `valid token, ${route.method} ${route.path}`).toBeLessThan(500);
    }
  });
});

describe('slow clients at the gateway', () => {
  let t: TestPlatform;
  const CLIENT_TIMEOUT_MS = 1_500;
  beforeAll(async () => {
    t = await startTestPlatform({ env: { CLIENT_TIMEOUT_MS: String(CLIENT_TIMEOUT_MS) } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Opens a connection that sends `first` and then one more byte every 300 ms, never finishing. */
  function trickle(first: string): { socket: Socket; closed: Promise<number> } {
    const url = new URL(t.platform.url);
    const socket = connect(Number(url.port), url.hostname);
    const opened = Date.now();
    socket.on('error', () => undefined);
    socket.write(first);
    const timer = setInterval(() => socket.write('a'), 300);
    const closed = new Promise<number>((resolve) =>
      socket.on('close', () => {
        clearInterval(timer);
        resolve(Date.now() - opened);
      }),
    );
    return { socket, closed };
  }

  it(
    'cuts off clients that trickle headers or a body, and keeps answering everyone else meanwhile',
    { timeout: suite.timeoutMs },
    async () => {
      const slow = [
        ...Array.from({ length: suite.slowClients / 2 }, () =>
          trickle('GET /api/auth/status HTTP/1.1\r\nHost: localhost\r\nX-Slow: '),
        ),
        ...Array.from({ length: suite.slowClients / 2 }, () =>
          trickle(
            'POST /api/auth/request-otp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"',
          ),
        ),
      ];
      try {
        // Everyone else is served at once while the slow connections are held open.
        const started = Date.now();
        const answer = await rawRequest(t.platform.url, 'GET', '/api/auth/status', {
          timeoutMs: 5_000,
        });
        expect(answer.status).toBe(401);
        expect(Date.now() - started).toBeLessThan(1_000);
        // Each slow connection is closed soon after the timeout (checked every second).
        const lifetimes = await Promise.all(slow.map((s) => s.closed));
        for (const ms of lifetimes) {
          expect(ms).toBeGreaterThanOrEqual(CLIENT_TIMEOUT_MS - 100);
          expect(ms).toBeLessThan(CLIENT_TIMEOUT_MS + 3_000);
        }
      } finally {
        for (const s of slow) s.socket.destroy();
      }
    },
  );
});
