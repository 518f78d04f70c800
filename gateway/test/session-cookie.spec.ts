import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';

// Behind one TLS-terminating proxy: X-Forwarded-Proto says whether the browser used HTTPS.
const USERS: Record<string, string> = { 'victim-token': 'victim', 'attacker-token': 'attacker' };

let upstream: Server;
let gateway: FastifyInstance;
let base: string;
let resolved: string[] = [];
let forwarded: IncomingHttpHeaders[] = [];
let upgrades: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/internal/sessions/resolve') {
        const token = (JSON.parse(body) as { token: string }).token;
        resolved.push(token);
        const user = USERS[token];
        res.statusCode = user ? 200 : 401;
        res.end(
          JSON.stringify(
            user
              ? {
                  user: { id: '9b2f3c1e-1d2a-4c5b-8e7f-0a1b2c3d4e5f', email: `${user}@x.co` },
                  sessionId: `${user}-session`,
                  internalToken: `internal-${user}`,
                  internalTokenExpiresAt: Date.now() + 60_000,
                }
              : { statusCode: 401 },
          ),
        );
        return;
      }
      forwarded.push(req.headers);
      res.end('{}');
    });
  });
  // svc-meetings' live notes: accepts every upgrade the gateway passes on.
  new WebSocketServer({ server: upstream }).on('connection', (socket, request) => {
    upgrades.push(request.headers);
    socket.close();
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
  gateway = await createGateway(
    loadGatewayConfig({
      LOG_LEVEL: 'silent',
      PORT: '0',
      AUTH_URL: upstreamUrl,
      AUTH_MANAGEMENT_URL: upstreamUrl,
      SUBSCRIPTION_URL: upstreamUrl,
      MEETINGS_URL: upstreamUrl,
      ACTIONS_URL: upstreamUrl,
      TRUSTED_PROXY_HOPS: '1',
    }),
  );
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(gateway.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await gateway?.close();
  upstream?.closeAllConnections();
  upstream?.close();
});

/** Who the services are told the caller is (the internal token the gateway traded the cookie for). */
async function signedInAs(cookie: string, protocol: string): Promise<string | undefined> {
  resolved = [];
  forwarded = [];
  const response = await fetch(`${base}/api/meetings`, {
    headers: { cookie, 'x-forwarded-proto': protocol },
  });
  expect(response.status).toBe(200);
  return forwarded[0]?.authorization?.replace('Bearer internal-', '');
}

/** The same, for a live notes WebSocket: undefined when the gateway refuses the upgrade. */
async function liveNotesAs(cookie: string, protocol: string): Promise<string | undefined> {
  upgrades = [];
  const path = '/api/meetings/9b2f3c1e-1d2a-4c5b-8e7f-0a1b2c3d4e5f/collab';
  const status = await new Promise<number>((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}${path}`, {
      headers: { cookie, 'x-forwarded-proto': protocol },
    });
    socket.on('open', () => resolve(101));
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.on('error', reject);
  });
  if (status !== 101) return undefined;
  await expect.poll(() => upgrades.length).toBe(1);
  return upgrades[0]?.authorization?.replace('Bearer internal-', '');
}

describe('the session cookie over HTTPS', () => {
  it('ignores a plain `session` cookie, which a sibling subdomain can plant', async () => {
    expect(await signedInAs('session=attacker-token', 'https')).toBeUndefined();
    expect(resolved).toEqual([]);
  });

  it('takes the __Host- cookie, even when a planted plain one comes first', async () => {
    expect(await signedInAs('__Host-session=victim-token', 'https')).toBe('victim');
    expect(await signedInAs('session=attacker-token; __Host-session=victim-token', 'https')).toBe(
      'victim',
    );
  });

  it('still takes the plain cookie over HTTP (the embedded mode on localhost)', async () => {
    expect(await signedInAs('session=victim-token', 'http')).toBe('victim');
  });
});

describe('an X-Forwarded-Proto with several values', () => {
  it("is read as Fastify reads it, by HTTP calls and live notes alike: the last one, the trusted proxy's", async () => {
    const plain = 'session=victim-token';
    expect(await signedInAs(plain, 'https, http')).toBe('victim');
    expect(await liveNotesAs(plain, 'https, http')).toBe('victim');
    expect(upgrades[0]?.['x-forwarded-proto']).toBe('http');
    expect(await signedInAs(plain, 'http, https')).toBeUndefined();
    expect(await liveNotesAs(plain, 'http, https')).toBeUndefined();
    expect(await liveNotesAs('__Host-session=victim-token', 'http, https')).toBe('victim');
    expect(upgrades[0]?.['x-forwarded-proto']).toBe('https');
  });
});
