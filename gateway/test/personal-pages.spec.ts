import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { DEFAULT_BRANDING, type Meeting } from '@meetings/contracts';
import {
  testActionsTemplate,
  testAppFrames,
  testMeetingTemplate,
  writeTestFrontEnds,
} from '@meetings/service-kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';
import { actionsMarkup } from '../src/actions-page.js';
import { includeMeetingPage, meetingIdOf, meetingMarkup } from '../src/meeting-page.js';

const INDEX_HTML =
  '<!doctype html><html><head><title>MeetingKeeper</title></head><body><div id="root"></div></body></html>';
const APP_HTML = INDEX_HTML.replace('</head>', '<link rel="preload" href="/chrome.js"></head>');

const ID = '0b5f6c1e-2a3d-4e5f-8a9b-1c2d3e4f5a6b';

function meeting(overrides: Partial<Meeting> = {}): Meeting {
  const owner = randomUUID();
  const item = (text: string, order: number, completed = false, hashtags: string[] = []) => ({
    _id: randomUUID(),
    id: randomUUID(),
    text,
    completed,
    order,
    hashtags,
  });
  return {
    _id: ID,
    id: ID,
    title: 'Budget <review> & "plan"',
    date: '2026-11-24T10:00:00.000Z',
    owner: { _id: owner, id: owner, email: 'owner@example.com' },
    sharedWith: ['a@example.com', 'b&c@example.com'],
    isOwner: true,
    agenda: [item('Second', 2, true), item('First', 1)],
    notes:
      '<p>Kept <strong>bold</strong><img src="https://example.com/x.png" onerror="alert(1)"></p><script>alert(2)</script>',
    actions: [item('Ship #release to <ops> #later', 1, false, ['release'])],
    seriesId: randomUUID(),
    version: 3,
    createdAt: '2026-11-24T09:00:00.000Z',
    updatedAt: '2026-11-24T09:00:00.000Z',
    ...overrides,
  };
}

describe('meetingIdOf', () => {
  it('takes the id of either meeting page variant, nothing else', () => {
    expect(meetingIdOf(`/app/meetings/${ID}`)).toBe(ID);
    expect(meetingIdOf(`/app/meetings/${ID.toUpperCase()}/readonly/`)).toBe(ID);
    expect(meetingIdOf('/app/meetings')).toBeNull();
    expect(meetingIdOf('/app/meetings/42')).toBeNull();
    expect(meetingIdOf(`/app/meetings/${ID}/edit`)).toBeNull();
    expect(meetingIdOf(`/app/actions/${ID}`)).toBeNull();
  });
});

describe('meetingMarkup', () => {
  const template = testMeetingTemplate();
  const fill = (m: Meeting) => meetingMarkup(template, m, 'light', DEFAULT_BRANDING);

  it('fills in the meeting: texts escaped, notes sanitised, items in order, hashtags as chips', () => {
    const html = fill(meeting());
    expect(html).toContain('<h1>Budget &lt;review&gt; &amp; &quot;plan&quot;</h1>');
    expect(html).toContain(
      '<ul aria-label="Shared with"><li class="email">a@example.com</li><li class="email">b&amp;c@example.com</li></ul>',
    );
    // The agenda by its order; the completed item from its own part.
    expect(html).toMatch(
      /<ul aria-label="Agenda">(<style>[^<]*<\/style>)?<li><input type="checkbox" aria-label="First"\/>.*<span>First<\/span>.*<li><input type="checkbox" checked="" aria-label="Second"\/><span class="done"><span>Second<\/span>/,
    );
    // A known hashtag is a chip, an unknown one stays text; the text escaped in both places.
    expect(html).toContain(
      'aria-label="Ship #release to &lt;ops&gt; #later"/><span class="text"><span>Ship </span><span class="chip" data-hashtag="release">#release</span><span> to &lt;ops&gt; #later</span></span>',
    );
    expect(html).toContain(
      '<div data-testid="notes-preview"><p>Kept <strong>bold</strong><img src="https://example.com/x.png" /></p></div>',
    );
    expect(html).not.toMatch(/onerror|<script|__MK_/);
  });

  it('shows each empty list as its template says; text that looks like a token stays text', () => {
    const html = fill(
      meeting({
        title: '__MK_DATA_NOTES__',
        sharedWith: [],
        agenda: [],
        notes: '',
        actions: [
          {
            ...meeting().actions[0]!,
            text: '__MK_DATA_TEXT__ __MK_DATA_ITEMS__',
            hashtags: [],
          },
        ],
      }),
    );
    expect(html).toContain('<h1>__MK_DATA_NOTES__</h1>');
    expect(html).toContain('<section><p class="empty">Not shared with anyone</p></section>');
    expect(html).toContain('<section><p class="empty">No agenda items</p></section>');
    expect(html).toContain('<div data-testid="notes-preview"></div>');
    expect(html).toContain(
      'aria-label="__MK_DATA_TEXT__ __MK_DATA_ITEMS__"/><span class="text"><span>__MK_DATA_TEXT__ __MK_DATA_ITEMS__</span>',
    );
  });

  it('goes into the app frame once per layout, inert, styles first; null for other colours', () => {
    const html = includeMeetingPage(
      INDEX_HTML,
      testAppFrames(),
      testMeetingTemplate(),
      meeting(),
      { ...DEFAULT_BRANDING, productName: 'Acme Minutes' },
      'dark',
    )!;
    expect(html).toContain('<title>Acme Minutes</title>');
    expect(html).toMatch(
      /^<!doctype html>.*<div id="prerendered-page" inert><style>body\{margin:0\}<\/style><style>\.frame\{\}<\/style><style>\.meeting\{\}<\/style><style>\.list\{\}<\/style><style>\.row\{\}<\/style><header class="dark">Acme Minutes<\/header><main><article class="dark">/,
    );
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(
      includeMeetingPage(
        INDEX_HTML,
        testAppFrames(),
        testMeetingTemplate(),
        meeting(),
        { ...DEFAULT_BRANDING, primaryColor: '#aa0000' },
        'light',
      ),
    ).toBeNull();
    // A desktop browser: the frame's wide layout (testAppFrames: its header says so).
    expect(
      includeMeetingPage(
        INDEX_HTML,
        testAppFrames(),
        testMeetingTemplate(),
        meeting(),
        DEFAULT_BRANDING,
        'light',
        true,
      ),
    ).toContain('<header class="wide">MeetingKeeper</header><main><article class="light">');
    const otherFrame = { ...testMeetingTemplate(), framePath: '/app/elsewhere' };
    expect(
      includeMeetingPage(
        INDEX_HTML,
        testAppFrames(),
        otherFrame,
        meeting(),
        DEFAULT_BRANDING,
        'light',
      ),
    ).toBeNull();
  });
});

describe('actionsMarkup', () => {
  it('puts each meeting of the first page with its actions in order, escaped, hashtags as chips', () => {
    const source = meeting();
    const html = actionsMarkup(
      testActionsTemplate(),
      {
        page: 1,
        pageSize: 25,
        hasMore: true,
        meetings: [
          {
            _id: ID,
            id: ID,
            title: 'Ops <sync>',
            date: source.date,
            owner: source.owner,
            actions: [
              { ...source.actions[0]!, order: 2, text: 'Later #release', hashtags: ['release'] },
              { ...source.actions[0]!, order: 1, completed: true, text: 'First & done' },
            ],
          },
        ],
      },
      'light',
      DEFAULT_BRANDING,
    );
    expect(html).toBe(
      `<h1>Actions</h1><div class="groups"><section aria-labelledby="a-${ID}"><h2 id="a-${ID}"><a href="/app/meetings/${ID}">Ops &lt;sync&gt;</a></h2><ul>` +
        '<li><input type="checkbox" checked="" aria-label="First &amp; done"/><span class="text"><span>First &amp; done</span></span></li>' +
        '<li><input type="checkbox" aria-label="Later #release"/><span class="text"><span>Later </span><span class="chip" data-hashtag="release">#release</span></span></li>' +
        '</ul></section></div>',
    );
  });
});

describe('a signed-in first load of a meeting through the gateway', () => {
  let gateway: FastifyInstance;
  let auth: Server;
  let meetings: Server;
  const seen: { url?: string; headers: IncomingHttpHeaders }[] = [];
  type Answer = { status: number; body: unknown; delayMs?: number };
  let answer: Answer = { status: 200, body: {} };
  let actionsAnswer: Answer = { status: 200, body: {} };

  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    // svc-auth: the session "good" resolves, any other is refused.
    auth = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const { token } = JSON.parse(body) as { token: string };
        if (token !== 'good' && token !== 'slow') return void response.writeHead(401).end();
        setTimeout(
          () =>
            response.writeHead(200, { 'content-type': 'application/json' }).end(
              JSON.stringify({
                user: { id: randomUUID(), email: 'owner@example.com' },
                sessionId: 's1',
                internalToken: 'internal-token',
                internalTokenExpiresAt: Date.now() + 600_000,
              }),
            ),
          token === 'slow' ? 800 : 0,
        );
      });
    });
    // svc-meetings and svc-actions: what the test says, for either.
    meetings = createServer((request, response) => {
      seen.push({ url: request.url, headers: request.headers });
      const { status, body, delayMs } = request.url?.startsWith('/api/actions/')
        ? actionsAnswer
        : answer;
      setTimeout(() => {
        response
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify(body));
      }, delayMs ?? 0);
    });
    const { shellDir, meetingsDir, actionsDir } = writeTestFrontEnds({
      index: INDEX_HTML,
      app: APP_HTML,
    });
    gateway = await createGateway(
      loadGatewayConfig({
        LOG_LEVEL: 'silent',
        TRUSTED_PROXY_HOPS: '0',
        SHELL_DIR: shellDir,
        REMOTE_DIRS: `mfe-meetings=${meetingsDir},mfe-actions=${actionsDir}`,
        AUTH_URL: await listen(auth),
        MEETINGS_URL: await listen(meetings),
        ACTIONS_URL: `http://127.0.0.1:${(meetings.address() as AddressInfo).port}`,
        PAGE_DATA_TIMEOUT_MS: '300',
      }),
    );
  });

  afterAll(async () => {
    await gateway?.close();
    auth?.close();
    meetings?.close();
  });

  const get = (path: string, cookie?: string) =>
    gateway.inject({
      url: path,
      headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) },
    });
  const text = (response: Awaited<ReturnType<typeof get>>) =>
    response.headers['content-encoding'] === 'br'
      ? brotliDecompressSync(response.rawPayload).toString()
      : response.body;

  it("renders the meeting the user's session reads, for that user only and never cached", async () => {
    answer = { status: 200, body: { meeting: meeting() } };
    seen.length = 0;
    const response = await get(`/app/meetings/${ID}`, 'session=good; ui-theme=dark');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.vary).toBe('accept-encoding, cookie, sec-ch-ua-mobile');
    expect(response.headers.etag).toBeUndefined();
    const html = text(response);
    expect(html).toContain('<main><article class="dark"><h1>Budget &lt;review&gt;');
    expect(html).not.toMatch(/onerror|__MK_/);
    // Asked with the internal token of the user's session; the cookie itself stays here.
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe(`/api/meetings/${ID}`);
    expect(seen[0]!.headers.authorization).toBe('Bearer internal-token');
    expect(seen[0]!.headers.cookie).toBeUndefined();
    expect(seen[0]!.headers['x-request-id']).toBe(response.headers['x-request-id']);
  });

  it('serves the page as before when the meeting cannot be shown', async () => {
    answer = { status: 200, body: { meeting: meeting() } };
    seen.length = 0;
    // No session, a session svc-auth refuses, an address that is not a meeting: not asked.
    expect(text(await get(`/app/meetings/${ID}`))).toBe(APP_HTML);
    expect(text(await get(`/app/meetings/${ID}`, 'session=stale'))).toBe(APP_HTML);
    expect(text(await get('/app/meetings/not-an-id', 'session=good'))).toBe(APP_HTML);
    // svc-auth answers after the page's deadline (300 ms here): the page did not wait for it
    // (had it waited, the meeting would be in it).
    expect(text(await get(`/app/meetings/${ID}`, 'session=slow'))).toBe(APP_HTML);
    expect(seen).toHaveLength(0);
    // The service says no (not found, not shared with this user), answers late or wrongly.
    answer = { status: 404, body: { code: 'NOT_FOUND' } };
    expect(text(await get(`/app/meetings/${ID}`, 'session=good'))).toBe(APP_HTML);
    answer = { status: 200, body: { meeting: meeting() }, delayMs: 600 };
    expect(text(await get(`/app/meetings/${ID}`, 'session=good'))).toBe(APP_HTML);
    answer = { status: 200, body: { meeting: { title: 'no id' } } };
    expect(text(await get(`/app/meetings/${ID}`, 'session=good'))).toBe(APP_HTML);
    expect(seen).toHaveLength(3);
    // The meetings list keeps its own prerendered page.
    expect(text(await get('/app/meetings', 'session=good'))).toContain('<main><h1>Meetings</h1>');
  });

  it("renders the actions page with the first page the user's session reads", async () => {
    actionsAnswer = {
      status: 200,
      body: {
        page: 1,
        pageSize: 25,
        hasMore: false,
        meetings: [{ ...meeting(), actions: [{ ...meeting().actions[0]!, text: 'Mine & only' }] }],
      },
    };
    seen.length = 0;
    const response = await get('/app/actions', 'session=good');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const html = text(response);
    expect(html).toContain(
      '<header>MeetingKeeper</header><main><h1>Actions</h1><div class="groups"><section',
    );
    expect(html).toContain('<span>Mine &amp; only</span>');
    expect(seen.map((request) => request.url)).toEqual([
      '/api/actions/?page=1&pageSize=25&showCompleted=false',
    ]);
    expect(seen[0]!.headers.authorization).toBe('Bearer internal-token');
    // Refused or unreadable: the page as before (here the plain shell: no prerendered list).
    actionsAnswer = { status: 401, body: {} };
    expect(text(await get('/app/actions', 'session=good'))).toBe(APP_HTML);
    expect(text(await get('/app/actions', 'session=stale'))).toBe(APP_HTML);
  });
});
