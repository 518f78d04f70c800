import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';

const MEETING = '9b2f3c1e-1d2a-4c5b-8e7f-0a1b2c3d4e5f';
let auth: Server;
let meetings: Server;
let gateway: FastifyInstance;
let host: string;
let upgrades: IncomingHttpHeaders[] = [];

async function listen(server: Server | FastifyInstance): Promise<string> {
  if ('inject' in server) {
    await server.listen({ port: 0, host: '127.0.0.1' });
    return `127.0.0.1:${(server.server.address() as { port: number }).port}`;
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as { port: number }).port}`;
}

beforeAll(async () => {
  auth = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const good = (JSON.parse(body) as { token: string }).token === 'good-token';
      res.writeHead(good ? 200 : 401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          good
            ? {
                user: { id: MEETING, email: 'u@x.co' },
                sessionId: 's1',
                internalToken: 'internal-jwt',
                internalTokenExpiresAt: Date.now() + 60_000,
              }
            : { statusCode: 401 },
        ),
      );
    });
  });
  // svc-meetings' side: accepts every upgrade and says back what it was sent.
  meetings = createServer();
  const sockets = new WebSocketServer({ server: meetings });
  sockets.on('connection', (socket, request) => {
    upgrades.push(request.headers);
    socket.on('message', (data: Buffer) => socket.send(`echo ${request.url} ${data.toString()}`));
  });
  const authHost = await listen(auth);
  const meetingsHost = await listen(meetings);
  gateway = await createGateway(
    loadGatewayConfig({
      LOG_LEVEL: 'silent',
      PORT: '0',
      AUTH_URL: `http://${authHost}`,
      AUTH_MANAGEMENT_URL: `http://${authHost}`,
      MEETINGS_URL: `http://${meetingsHost}`,
    }),
  );
  host = await listen(gateway);
});

afterAll(async () => {
  await gateway?.close();
  meetings?.closeAllConnections();
  meetings?.close();
  auth?.close();
});

/** Opens a WebSocket through the gateway: the message svc-meetings echoes, or the refusal's status. */
function open(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; echo?: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://${host}${path}`, { headers });
    socket.on('open', () => socket.send('hello'));
    socket.on('message', (data: Buffer) => {
      socket.close();
      resolve({ status: 101, echo: data.toString() });
    });
    socket.on('unexpected-response', (_request, response) =>
      resolve({ status: response.statusCode ?? 0 }),
    );
    socket.on('error', reject);
  });
}

const signedIn = { cookie: 'session=good-token' };

describe('live notes through the gateway', () => {
  it("passes a signed-in page's upgrade on with the internal token and only the handshake's headers", async () => {
    upgrades = [];
    const answer = await open(`/api/meetings/${MEETING}/collab`, {
      ...signedIn,
      origin: `http://${host}`,
      'x-operator-token': 'forged',
      'x-tenant': 'forged',
    });
    expect(answer).toEqual({ status: 101, echo: `echo /api/meetings/${MEETING}/collab hello` });
    // An API client's session comes as a bearer header, as on its HTTP calls.
    expect(
      await open(`/api/meetings/${MEETING}/collab`, { authorization: 'Bearer good-token' }),
    ).toMatchObject({ status: 101 });
    const [headers] = upgrades;
    expect(headers?.authorization).toBe('Bearer internal-jwt');
    expect(headers?.cookie).toBeUndefined();
    expect(headers?.origin).toBeUndefined();
    expect(headers?.['x-operator-token']).toBeUndefined();
    expect(headers?.['x-tenant']).toBeUndefined();
  });

  it('refuses another site, a missing or unknown session, and any other WebSocket address', async () => {
    upgrades = [];
    const path = `/api/meetings/${MEETING}/collab`;
    expect(await open(path, { ...signedIn, origin: 'https://evil.example' })).toEqual({
      status: 403,
    });
    expect(await open(path, { ...signedIn, 'sec-fetch-site': 'cross-site' })).toEqual({
      status: 403,
    });
    expect(await open(path, {})).toEqual({ status: 401 });
    expect(await open(path, { cookie: 'session=stolen' })).toEqual({ status: 401 });
    expect(await open(path, { authorization: 'Bearer stolen' })).toEqual({ status: 401 });
    expect(await open(`/api/meetings/${MEETING}/agenda`, signedIn)).toEqual({ status: 404 });
    expect(await open(`/api/meetings/%2e%2e/collab`, signedIn)).toEqual({ status: 404 });
    expect(upgrades).toEqual([]);
  });
});
