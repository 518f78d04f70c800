import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, startGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';
import { ROUTE_TABLE, routeFor } from '../src/routes.js';

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A meeting answer with 3 MB of notes, as svc-meetings would send it. */
const BIG_MEETING = JSON.stringify({
  meeting: {
    id: '9b2f3c1e-1d2a-4c5b-8e7f-0a1b2c3d4e5f',
    title: 'Big notes',
    notes: `<p>${'x'.repeat(3_000_000 - 7)}</p>`,
  },
});

let upstream: Server;
let slow: Server;
let seen: Seen[] = [];
let gateway: FastifyInstance;
let base: string;
let shellDir: string;

/** What the gateway answers to bytes written straight to its socket, as status and JSON body. */
function rawBytes(bytes: string): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    let answer = '';
    socket.on('data', (c: Buffer) => (answer += c.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, body] = answer.split('\r\n\r\n');
      resolve({ status: Number(head!.split(' ')[1]), body: JSON.parse(body!) });
    });
  });
}

/** A GET with the path exactly as written (fetch would normalise it first). */
function raw(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/`, { path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.url === '/internal/sessions/resolve') {
        const token = (JSON.parse(body) as { token: string }).token;
        res.writeHead(token === 'good-token' ? 200 : 401, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            token === 'good-token'
              ? {
                  user: { id: '9b2f3c1e-1d2a-4c5b-8e7f-0a1b2c3d4e5f', email: 'u@x.co' },
                  sessionId: 's1',
                  internalToken: 'internal-jwt',
                  internalTokenExpiresAt: Date.now() + 60_000,
                }
              : { statusCode: 401 },
          ),
        );
        return;
      }
      if (req.url === `/api/auth/meeting-with-notes`) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(BIG_MEETING);
        return;
      }
      seen.push({ url: req.url!, headers: req.headers, body });
      res.writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': 'session=abc; Path=/; HttpOnly',
      });
      res.end(JSON.stringify({ ok: true }));
    });
  });
  slow = createServer(() => undefined);
  const upstreamUrl = await listen(upstream);
  const slowUrl = await listen(slow);

  shellDir = mkdtempSync(join(tmpdir(), 'shell-'));
  writeFileSync(join(shellDir, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(join(shellDir, 'main.0123abcd.js'), 'console.log(1)');
  const remoteDir = join(mkdtempSync(join(tmpdir(), 'remote-')), 'mfe-actions');
  mkdirSync(remoteDir);
  writeFileSync(join(remoteDir, 'mf-manifest.json'), '{}');
  // A build's precompressed siblings (PrecompressPlugin).
  const entry = 'console.log("remote entry");'.repeat(50);
  writeFileSync(join(remoteDir, 'remoteEntry.js'), entry);
  writeFileSync(join(remoteDir, 'remoteEntry.js.br'), brotliCompressSync(entry));
  writeFileSync(join(remoteDir, 'remoteEntry.js.gz'), gzipSync(entry));
  writeFileSync(join(shellDir, 'main.0123abcd.js.gz'), gzipSync('console.log(1)'));
  const tenantsFile = join(shellDir, '..', `tenants-${Date.now()}.json`);
  writeFileSync(
    tenantsFile,
    JSON.stringify({
      tenants: [
        {
          id: 'acme',
          hosts: ['acme.example'],
          branding: { productName: 'Acme Minutes', primaryColor: '#aa0000' },
        },
      ],
    }),
  );

  gateway = await createGateway(
    loadGatewayConfig({
      LOG_LEVEL: 'silent',
      PORT: '0',
      AUTH_URL: upstreamUrl,
      AUTH_MANAGEMENT_URL: upstreamUrl,
      SUBSCRIPTION_URL: upstreamUrl,
      MEETINGS_URL: 'http://127.0.0.1:1',
      ACTIONS_URL: slowUrl,
      UPSTREAM_TIMEOUT_MS: '300',
      SHELL_DIR: shellDir,
      REMOTE_DIRS: `mfe-actions=${remoteDir}`,
      TENANTS_FILE: tenantsFile,
    }),
  );
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(gateway.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await gateway?.close();
  upstream?.close();
  slow?.closeAllConnections();
  slow?.close();
});

describe('route table', () => {
  it('sends plan calls to svc-subscription and the rest of /api/auth to svc-auth', () => {
    expect(routeFor('/api/auth/subscription-status')).toBe('subscription');
    expect(routeFor('/api/auth/update-subscription')).toBe('subscription');
    expect(routeFor('/api/auth/acknowledge-trial')).toBe('subscription');
    expect(routeFor('/api/auth/request-otp')).toBe('auth');
    expect(routeFor('/api/meetings/')).toBe('meetings');
    expect(routeFor('/api/meetings')).toBe('meetings');
    expect(routeFor('/api/authx')).toBeNull();
    expect(routeFor('/api/auth/subscription-statusx')).toBe('auth');
    expect(new Set(ROUTE_TABLE.map((r) => r.path)).size).toBe(ROUTE_TABLE.length);
  });

  it('sends calendar feeds and their addresses to svc-meetings', () => {
    expect(routeFor('/api/calendar/feed-url')).toBe('meetings');
    expect(routeFor('/api/calendar/feed-url/rotate')).toBe('meetings');
    expect(routeFor('/api/calendar/feed/abc/meetings.ics')).toBe('meetings');
    expect(routeFor('/api/meetings/x/calendar.ics')).toBe('meetings');
    expect(routeFor('/api/calendarx')).toBeNull();
  });

  it('sends ticks from the actions page to svc-meetings and the rest of /api/actions to svc-actions', () => {
    expect(routeFor('/api/actions/x/action/y/status')).toBe('meetings');
    expect(routeFor('/api/actions')).toBe('actions');
    expect(routeFor('/api/actions/')).toBe('actions');
    expect(routeFor('/api/actions/hashtags')).toBe('actions');
    expect(routeFor('/api/actions/x/action/y')).toBe('actions');
    expect(routeFor('/api/actions/x/action/y/statusx')).toBe('actions');
    expect(routeFor('/api/actions/x/other/y/status')).toBe('actions');
    expect(routeFor('/api/actions//action/y/status')).toBe('actions');
  });
});

describe('proxying', () => {
  it('swaps the session for an internal token and strips what the client must not set', async () => {
    seen = [];
    const response = await fetch(`${base}/api/auth/status?x=1`, {
      headers: {
        cookie: 'session=good-token; other=1',
        'x-forwarded-for': '6.6.6.6',
        'x-product-name': 'Evil',
        'x-request-id': 'client-request-0001',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('client-request-0001');
    expect(response.headers.get('set-cookie')).toContain('session=abc');
    const forwarded = seen[0]!;
    expect(forwarded.url).toBe('/api/auth/status?x=1');
    expect(forwarded.headers.authorization).toBe('Bearer internal-jwt');
    expect(forwarded.headers.cookie).toBeUndefined();
    expect(forwarded.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(forwarded.headers['x-product-name']).toBe('MeetingKeeper');
    expect(forwarded.headers['x-request-id']).toBe('client-request-0001');
  });

  it("forwards none of the platform's own headers a client sends, nor any header it does not know", async () => {
    seen = [];
    const response = await fetch(`${base}/api/auth/status`, {
      headers: {
        'x-operator-token': 'guessed-operator-token',
        'x-internal-token': 'forged',
        authorization: 'Bearer forged-internal-jwt',
        forwarded: 'for=6.6.6.6',
        'x-real-ip': '6.6.6.6',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
        'x-user-id': '9b2f3c1e-1d2a-4c5b-8e7f-0a1b2c3d4e5f',
        'x-whatever-comes-next': '1',
        'accept-language': 'de',
      },
    });
    expect(response.status).toBe(200);
    const headers = seen[0]!.headers;
    for (const name of [
      'x-operator-token',
      'x-internal-token',
      'authorization',
      'forwarded',
      'x-real-ip',
      'x-user-id',
      'x-whatever-comes-next',
    ])
      expect(headers[name], name).toBeUndefined();
    expect(headers['x-forwarded-host']).not.toBe('evil.example');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['accept-language']).toBe('de');
  });

  it('refuses every address that is not in canonical form with a 400, before routing it anywhere', async () => {
    seen = [];
    const addresses = [
      '/api/auth/x\\..\\..\\..\\internal/jwks',
      '/api/auth/x\\..\\..\\..\\metrics',
      '/api/auth\\status',
      '/api/auth/%2e%2e/%2e%2e/internal/jwks',
      '/api/auth/.%2E/.%2e/readyz',
      '/api/auth/%252e%252e/%252e%252e/openapi.json',
      '/api/auth/x%2f..%2f..%2finternal%2fjwks',
      '/api/auth/x%5c..%5c..%5cinternal%5cjwks',
      '/api/auth/../../internal/jwks',
      '/api/meetings/./x',
      '/api/meetings/..',
      '/api/auth//status',
      '//api/auth/status',
      '/api/auth/status#/../../internal/jwks',
      '/api/actions/../../internal/index/rebuild',
      '/remotes/mfe-actions/..%2f..%2fetc/passwd',
    ];
    for (const path of addresses) {
      const response = await raw(path);
      expect(response.status, path).toBe(400);
      expect(JSON.parse(response.body), path).toMatchObject({
        code: 'VALIDATION_FAILED',
        requestId: expect.any(String),
      });
    }
    expect(seen).toEqual([]);
    // Canonical addresses, a trailing slash and encoded characters other than those still go through.
    expect((await raw('/api/auth/status?next=%2Fa%5Cb')).status).toBe(200);
    expect((await raw('/api/auth/status/')).status).toBe(200);
    expect((await raw('/api/auth/caf%C3%A9')).status).toBe(200);
    expect(seen.map((s) => s.url)).toEqual([
      '/api/auth/status?next=%2Fa%5Cb',
      '/api/auth/status/',
      '/api/auth/caf%C3%A9',
    ]);
  });

  it('never forwards an unresolved session token', async () => {
    seen = [];
    await fetch(`${base}/api/auth/status`, {
      headers: { authorization: 'Bearer stolen-or-expired' },
    });
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it('refuses addresses whose percent-encoding is not UTF-8 with a 400, without proxying them', async () => {
    seen = [];
    for (const url of [
      '/api/auth/status?x=%ED%A0%80',
      '/api/auth/%FF%FE',
      '/api/auth/status?q=%C0%AE',
      '/api/auth/status?q=%',
    ]) {
      const response = await gateway.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(seen).toEqual([]);
    // Percent-encoded UTF-8 and a literal % sign encoded as %25 still go through.
    expect(
      (await gateway.inject({ method: 'GET', url: '/api/auth/status?q=%E2%9C%93%25' })).statusCode,
    ).toBe(200);
  });

  it('forwards JSON bodies byte for byte', async () => {
    seen = [];
    const body = '{"email":"a@b.co" ,"n":1}';
    await fetch(`${base}/api/auth/request-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(seen[0]!.body).toBe(body);
  });

  it('answers 503 when a service is down and 504 when it is too slow, as JSON', async () => {
    const down = await fetch(`${base}/api/meetings/`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      error: expect.any(String),
    });
    const started = Date.now();
    const timeout = await fetch(`${base}/api/actions/`);
    expect(timeout.status).toBe(504);
    expect(await timeout.json()).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('lets the one-click unsubscribe link through from any site, with a form body (RFC 8058)', async () => {
    seen = [];
    const response = await fetch(`${base}/api/auth/unsubscribe?token=abc.def`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example',
        'sec-fetch-site': 'cross-site',
      },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(seen[0]).toMatchObject({
      url: '/api/auth/unsubscribe?token=abc.def',
      body: 'List-Unsubscribe=One-Click',
    });
    // Only that path: its neighbours keep the rules.
    const other = await fetch(`${base}/api/auth/unsubscribe-all`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'x=1',
    });
    expect(other.status).toBe(415);
    const crossSite = await fetch(`${base}/api/auth/mail-settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: '{"dailyDigest":false}',
    });
    expect(crossSite.status).toBe(403);
  });

  it("passes a calendar application's feed request (no session, any site) on; a cross-site reset is refused", async () => {
    // svc-meetings is down in this suite: 503 shows the request went on to it.
    const feed = await fetch(`${base}/api/calendar/feed/abc/meetings.ics`, {
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://calendar.example' },
    });
    expect(feed.status).toBe(503);
    const reset = await fetch(`${base}/api/calendar/feed-url/rotate`, {
      method: 'POST',
      headers: { cookie: 'session=good-token', 'sec-fetch-site': 'cross-site' },
    });
    expect(reset.status).toBe(403);
  });

  it("answers what Node's parser refuses in the API's JSON error body, proxying nothing", async () => {
    seen = [];
    const tooLarge = await rawBytes(
      `GET /api/auth/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(tooLarge).toEqual({
      status: 431,
      body: {
        statusCode: 431,
        code: 'PAYLOAD_TOO_LARGE',
        error: 'The request headers are too large.',
        message: 'The request headers are too large.',
      },
    });
    const unreadable = await rawBytes('GET /api/auth/me NOT-HTTP\r\n\r\n');
    expect(unreadable).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'The request could not be read.' },
    });
    expect(seen).toEqual([]);
  });

  it('refuses non-JSON bodies on state-changing calls', async () => {
    const response = await fetch(`${base}/api/auth/request-otp`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'email=a@b.co',
    });
    expect(response.status).toBe(415);
  });
});

describe('a meeting with 3 MB of notes', () => {
  it('costs the gateway no page work: its page is the static file and its data passes through unchanged', async () => {
    const file = readFileSync(join(shellDir, 'index.html'), 'utf8');
    for (const path of ['/meetings/9b2f3c1e-1d2a-4c5b-8e7f-0a1b2c3d4e5f', '/meetings/other']) {
      const page = await fetch(`${base}${path}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(file);
    }
    const data = await fetch(`${base}/api/auth/meeting-with-notes`);
    expect(data.status).toBe(200);
    expect(await data.text()).toBe(BIG_MEETING);
  });
});

describe('front ends', () => {
  it('serves the shell with its router fallback and the right cache headers', async () => {
    const page = await fetch(`${base}/app/meetings/123`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>shell</title>');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = await fetch(`${base}/main.0123abcd.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${base}/missing.0123abcd.js`)).status).toBe(404);
  });

  it("answers every page path of the shell's router with index.html, and nothing else", async () => {
    for (const path of ['/', '/login', '/app', '/app/actions', '/app/meetings/123/readonly?x=1']) {
      const page = await fetch(`${base}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type'), path).toContain('text/html');
      expect(await page.text(), path).toContain('<title>shell</title>');
      expect(page.headers.get('cache-control'), path).toBe('no-cache');
    }
    expect((await fetch(`${base}/app/meetings`, { method: 'HEAD' })).status).toBe(200);
    // A missing file, an unknown remote or API path and a write are real 404s, as JSON.
    for (const path of ['/favicon.ico', '/remotes/mfe-actions/gone.js', '/remotes/x', '/api/x']) {
      const missing = await fetch(`${base}${path}`);
      expect(missing.status, path).toBe(404);
      expect(missing.headers.get('content-type'), path).toContain('application/json');
    }
    const post = await fetch(`${base}/app/meetings`, { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it('answers / with the landing page the build rendered, when there is one', async () => {
    const landing = join(shellDir, 'landing.html');
    writeFileSync(landing, '<!doctype html><title>landing</title>');
    try {
      const page = await fetch(`${base}/`);
      expect(await page.text()).toContain('<title>landing</title>');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await (await fetch(`${base}/login`)).text()).toContain('<title>shell</title>');
    } finally {
      rmSync(landing);
    }
  });

  it('publishes the remotes manifest and serves each remote fresh', async () => {
    expect(await (await fetch(`${base}/remotes.json`)).json()).toEqual({
      mfe_actions: '/remotes/mfe-actions/mf-manifest.json',
    });
    const manifest = await fetch(`${base}/remotes/mfe-actions/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends the precompressed sibling to a browser that accepts it, with the cache rule of the file', async () => {
    const get = (path: string, encoding?: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        request(
          `${base}${path}`,
          { headers: encoding ? { 'accept-encoding': encoding } : {} },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        )
          .on('error', reject)
          .end();
      });
    const brotli = await get('/remotes/mfe-actions/remoteEntry.js', 'br, gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('no-cache');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    const plain = await get('/remotes/mfe-actions/remoteEntry.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.body.length).toBeLessThan(plain.body.length);
    const shellAsset = await get('/main.0123abcd.js', 'gzip');
    expect(shellAsset.headers['content-encoding']).toBe('gzip');
    expect(shellAsset.headers['cache-control']).toContain('immutable');
  });

  it('brands by host name', async () => {
    const acme = await gateway.inject({
      url: '/branding.json',
      headers: { host: 'acme.example:8080' },
    });
    expect(acme.json()).toMatchObject({ productName: 'Acme Minutes', primaryColor: '#aa0000' });
    expect(await (await fetch(`${base}/branding.json`)).json()).toMatchObject({
      productName: 'MeetingKeeper',
    });
  });
});

describe('settings', () => {
  it('trusts no X-Forwarded-For hop unless told how many proxies stand in front', async () => {
    expect(loadGatewayConfig({}).TRUSTED_PROXY_HOPS).toBe(0);
    seen = [];
    await fetch(`${base}/api/auth/status`, { headers: { 'x-forwarded-for': '6.6.6.6' } });
    expect(seen[0]!.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('lets pages show only their own and data: images unless NOTES_IMAGES=any', async () => {
    const imgSrc = (csp: string | undefined) =>
      csp
        ?.split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('img-src'));
    const strict = await gateway.inject({ url: '/meetings/x' });
    expect(strict.statusCode).toBe(200);
    expect(imgSrc(strict.headers['content-security-policy'] as string)).toBe(
      "img-src 'self' data:",
    );
    const open = await createGateway(
      loadGatewayConfig({ LOG_LEVEL: 'silent', SHELL_DIR: shellDir, NOTES_IMAGES: 'any' }),
    );
    try {
      const page = await open.inject({ url: '/meetings/x' });
      expect(imgSrc(page.headers['content-security-policy'] as string)).toBe(
        "img-src 'self' data: blob: https:",
      );
    } finally {
      await open.close();
    }
    expect(() => loadGatewayConfig({ NOTES_IMAGES: 'remote' })).toThrow(/NOTES_IMAGES/);
  });
});

describe('the management port', () => {
  it('serves metrics and readiness there only, liveness on both, and the product on the public port only', async () => {
    const running = await startGateway(
      loadGatewayConfig({
        LOG_LEVEL: 'silent',
        PORT: '0',
        MANAGEMENT_PORT: '0',
        HOST: '127.0.0.1',
        SHELL_DIR: shellDir,
      }),
    );
    try {
      const status = async (url: string) => (await fetch(url)).status;
      expect(await status(`${running.managementUrl}/metrics`)).toBe(200);
      expect(await status(`${running.managementUrl}/readyz`)).toBe(200);
      expect(await status(`${running.url}/metrics`)).toBe(404);
      expect(await status(`${running.url}/readyz`)).toBe(404);
      expect(await status(`${running.url}/healthz`)).toBe(200);
      expect(await status(`${running.managementUrl}/healthz`)).toBe(200);
      expect(await status(`${running.url}/branding.json`)).toBe(200);
      expect(await status(`${running.managementUrl}/branding.json`)).toBe(404);
      expect(await status(`${running.managementUrl}/api/auth/status`)).toBe(404);
    } finally {
      await running.close();
    }
  });
});
