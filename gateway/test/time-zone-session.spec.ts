import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';

// ADR 0007: the internal token carries the user's time zone (the tz claim); after
// PUT /api/auth/time-zone the gateway must not keep handing out the token with the old one.

/** The stand-in svc-auth's user: one session, and the zone its next internal token will carry. */
let zone = 'UTC';
let resolves = 0;
/** The time zone each proxied request's internal token carried, in order. */
let forwardedZones: (string | undefined)[] = [];
let auth: Server;
let gateway: FastifyInstance;
let base: string;

/** An internal token shaped like svc-auth's (header.claims.signature); the gateway never opens it. */
function internalToken(tz: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'EdDSA' })}.${part({ sub: 'u1', tz })}.signature`;
}

function zoneOf(authorization: string | undefined): string | undefined {
  const claims = authorization?.replace(/^Bearer /, '').split('.')[1];
  return claims
    ? (JSON.parse(Buffer.from(claims, 'base64url').toString()) as { tz: string }).tz
    : undefined;
}

function knownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  auth = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const reply = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.url === '/internal/sessions/resolve') {
        resolves++;
        const { token } = JSON.parse(body) as { token: string };
        if (token !== 'session-token') return reply(401, { statusCode: 401 });
        return reply(200, {
          user: { id: '9b2f3c1e-1d2a-4c5b-8e7f-0a1b2c3d4e5f', email: 'u@x.co' },
          sessionId: 's1',
          internalToken: internalToken(zone),
          internalTokenExpiresAt: Date.now() + 60_000,
        });
      }
      forwardedZones.push(zoneOf(req.headers.authorization));
      // svc-auth's router decodes the path and ignores a trailing slash.
      const path = decodeURIComponent(req.url!.split('?')[0]!);
      if (req.method === 'PUT' && /^\/api\/auth\/time-zone\/?$/.test(path)) {
        const { timeZone } = JSON.parse(body) as { timeZone: string };
        if (!knownZone(timeZone)) return reply(400, { message: 'unknown time zone' });
        zone = timeZone;
        return reply(200, { success: true, timeZone });
      }
      return reply(200, { ok: true });
    });
  });
  await new Promise<void>((resolve) => auth.listen(0, '127.0.0.1', resolve));
  const authUrl = `http://127.0.0.1:${(auth.address() as { port: number }).port}`;
  gateway = await createGateway(
    loadGatewayConfig({
      LOG_LEVEL: 'silent',
      PORT: '0',
      AUTH_URL: authUrl,
      AUTH_MANAGEMENT_URL: authUrl,
      SUBSCRIPTION_URL: authUrl,
      MEETINGS_URL: authUrl,
      ACTIONS_URL: authUrl,
      // Long enough that only forgetting the session can explain a new token.
      SESSION_CACHE_MS: '60000',
    }),
  );
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(gateway.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await gateway?.close();
  auth?.close();
});

beforeEach(async () => {
  // Each case starts from a session the gateway holds, in UTC.
  zone = 'UTC';
  await setZone('UTC');
  await actions();
  resolves = 0;
  forwardedZones = [];
});

const headers = { cookie: 'session=session-token', 'content-type': 'application/json' };

async function actions(): Promise<void> {
  const response = await fetch(`${base}/api/actions/?assignee=me&due=overdue`, { headers });
  expect(response.status).toBe(200);
}

function setZone(timeZone: string, path = '/api/auth/time-zone'): Promise<Response> {
  return fetch(`${base}${path}`, { method: 'PUT', headers, body: JSON.stringify({ timeZone }) });
}

describe('changing the time zone through the gateway', () => {
  it('gives the next request a token with the new zone, asking svc-auth once more', async () => {
    await actions();
    expect(resolves).toBe(0);
    expect((await setZone('Pacific/Auckland')).status).toBe(200);
    await actions();
    await actions();
    expect(forwardedZones).toEqual(['UTC', 'UTC', 'Pacific/Auckland', 'Pacific/Auckland']);
    expect(resolves).toBe(1);
  });

  it('does the same for every spelling of the address svc-auth serves', async () => {
    expect((await setZone('Asia/Tokyo', '/api/auth/time-zone/')).status).toBe(200);
    await actions();
    expect((await setZone('America/Lima', '/api/auth/time-zone?from=settings')).status).toBe(200);
    await actions();
    expect((await setZone('Europe/Oslo', '/api/auth/time%2Dzone')).status).toBe(200);
    await actions();
    expect(forwardedZones).toEqual([
      'UTC',
      'Asia/Tokyo',
      'Asia/Tokyo',
      'America/Lima',
      'America/Lima',
      'Europe/Oslo',
    ]);
  });

  it('keeps the session it holds when the change is refused', async () => {
    expect((await setZone('Mars/Olympus_Mons')).status).toBe(400);
    await actions();
    expect(forwardedZones).toEqual(['UTC', 'UTC']);
    expect(resolves).toBe(0);
  });
});
