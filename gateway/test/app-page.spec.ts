import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { DEFAULT_BRANDING, PRERENDER_SLOT, type PrerenderedPages } from '@meetings/contracts';
import { testPrerenderedPage } from '@meetings/service-kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasSessionCookie, includeAppPage } from '../src/app-page.js';
import { createGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';

const INDEX_HTML =
  '<!doctype html><html><head><title>MeetingKeeper</title><script defer src="/main.1.js"></script><link as="script" href="/bootstrap.2.js" rel="preload"></head><body><div id="root"></div></body></html>';
const APP_HTML = INDEX_HTML.replace(
  '</head>',
  '<link as="script" href="/app-chrome.3.js" rel="preload"></head>',
);

const prerendered = testPrerenderedPage;

const frames: PrerenderedPages = {
  version: 1,
  pages: {
    // Both layouts, as the shell's frame has them, each with its own styles.
    '/app/meetings': prerendered(
      (scheme) =>
        `<style>.wide{}</style><header class="${scheme}">__MK_PRODUCT_NAME__</header><main>${PRERENDER_SLOT}</main>` +
        `<style>.narrow{}</style><nav>__MK_PRODUCT_NAME__</nav><main>${PRERENDER_SLOT}</main>`,
    ),
    '/app/actions': prerendered(
      () => `<header>__MK_PRODUCT_NAME__</header><main>${PRERENDER_SLOT}</main>`,
    ),
  },
  wideFrames: {
    '/app/meetings': prerendered(
      (scheme) =>
        `<header class="wide-${scheme}">__MK_PRODUCT_NAME__</header><main>${PRERENDER_SLOT}</main>`,
    ),
  },
};
const meetingsPages: PrerenderedPages = {
  version: 1,
  pages: {
    '/app/meetings': prerendered(
      (scheme) => `<style>.page{}</style><h1 class="${scheme}">Meetings</h1>`,
    ),
  },
};

describe('includeAppPage', () => {
  it('puts the page into the frame, inert before the root, with the tenant texts and hints kept', () => {
    const html = includeAppPage(
      APP_HTML,
      frames,
      [meetingsPages],
      '/app/meetings',
      { ...DEFAULT_BRANDING, productName: 'A & B $&' },
      'dark',
    )!;
    expect(html).toContain('<title>A &amp; B $&amp;</title>');
    // The page in both layouts; every style element first, the page's once.
    expect(html).toContain(
      '<div id="prerendered-page" inert><style>body{margin:0}</style><style>.wide{}</style><style>.page{}</style><style>.narrow{}</style>' +
        '<header class="dark">A &amp; B $&amp;</header><main><h1 class="dark">Meetings</h1></main>' +
        '<nav>A &amp; B $&amp;</nav><main><h1 class="dark">Meetings</h1></main></div><div id="root"></div>',
    );
    expect(html).toContain('<link as="script" href="/bootstrap.2.js" rel="preload">');
    expect(html).not.toContain('__MK_');
  });

  it('is null without a frame or page for the path, for other colours, without slot or root', () => {
    const args = [frames, [meetingsPages]] as const;
    const fits = DEFAULT_BRANDING;
    expect(includeAppPage(APP_HTML, ...args, '/app/actions', fits, 'light')).toBeNull();
    expect(includeAppPage(APP_HTML, ...args, '/app/meetings/1', fits, 'light')).toBeNull();
    expect(includeAppPage(APP_HTML, frames, [], '/app/meetings', fits, 'light')).toBeNull();
    expect(
      includeAppPage(
        APP_HTML,
        ...args,
        '/app/meetings',
        { ...fits, primaryColor: '#aa0000' },
        'light',
      ),
    ).toBeNull();
    expect(
      includeAppPage(
        APP_HTML,
        ...args,
        '/app/meetings',
        { ...fits, logoUrl: 'https://cdn.example/l.svg' },
        'light',
      ),
    ).toBeNull();
    const noSlot: PrerenderedPages = {
      version: 1,
      pages: { '/app/meetings': prerendered(() => '<main></main>') },
    };
    expect(
      includeAppPage(APP_HTML, noSlot, [meetingsPages], '/app/meetings', fits, 'light'),
    ).toBeNull();
    expect(includeAppPage('<body></body>', ...args, '/app/meetings', fits, 'light')).toBeNull();
    // A page key that is also an Object.prototype name is not a page.
    expect(includeAppPage(APP_HTML, ...args, 'constructor', fits, 'light')).toBeNull();
  });
});

describe('hasSessionCookie', () => {
  it('sees either session cookie with a value over HTTP', () => {
    expect(hasSessionCookie('ui-theme=dark; session=abc', false)).toBe(true);
    expect(hasSessionCookie('__Host-session=abc', false)).toBe(true);
    expect(hasSessionCookie('session=', false)).toBe(false);
    expect(hasSessionCookie('sessions=abc; ui-theme=dark', false)).toBe(false);
    expect(hasSessionCookie(undefined, false)).toBe(false);
  });

  it('sees only the __Host- cookie over HTTPS', () => {
    expect(hasSessionCookie('__Host-session=abc', true)).toBe(true);
    expect(hasSessionCookie('ui-theme=dark; session=abc', true)).toBe(false);
  });
});

describe('the shell at /app pages with the prerendered frame and page', () => {
  let gateway: FastifyInstance;
  let meetingsDir: string;

  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'app-page-'));
    const shellDir = join(root, 'shell');
    meetingsDir = join(root, 'mfe-meetings');
    const actionsDir = join(root, 'mfe-actions');
    for (const dir of [shellDir, meetingsDir, actionsDir]) mkdirSync(dir);
    writeFileSync(join(shellDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(shellDir, 'app.html'), APP_HTML);
    writeFileSync(join(shellDir, 'app-frame.prerender.json'), JSON.stringify(frames));
    writeFileSync(join(meetingsDir, 'app-pages.prerender.json'), JSON.stringify(meetingsPages));
    // mfe-actions without a prerendered page: /app/actions is served plain.
    const tenantsFile = join(root, 'tenants.json');
    writeFileSync(
      tenantsFile,
      JSON.stringify({
        tenants: [
          { id: 'plain', hosts: ['plain.example'], branding: { productName: 'Plain Minutes' } },
          { id: 'acme', hosts: ['acme.example'], branding: { primaryColor: '#aa0000' } },
        ],
      }),
    );
    gateway = await createGateway(
      loadGatewayConfig({
        LOG_LEVEL: 'silent',
        TRUSTED_PROXY_HOPS: '0',
        SHELL_DIR: shellDir,
        REMOTE_DIRS: `mfe-meetings=${meetingsDir},mfe-actions=${actionsDir}`,
        TENANTS_FILE: tenantsFile,
      }),
    );
  });

  afterAll(() => gateway?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    gateway.inject({ url, headers: { host: 'plain.example', ...headers } });

  it('includes the page for a request with a session cookie, compressed and revalidated', async () => {
    const response = await get('/app/meetings?from=mail', {
      cookie: 'session=abc; ui-theme=light',
      'accept-encoding': 'br',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('accept-encoding, cookie, sec-ch-ua-mobile');
    const html = brotliDecompressSync(response.rawPayload).toString();
    expect(html).toContain(
      '<header class="light">Plain Minutes</header><main><h1 class="light">Meetings</h1></main>',
    );
    expect(html).not.toContain('__MK_');
    // Built on index.html: the start's hints, not the app bar's (they would delay the paint).
    expect(html).toContain('href="/bootstrap.2.js"');
    expect(html).not.toContain('app-chrome');
    const again = await get('/app/meetings', {
      cookie: 'session=abc; ui-theme=light',
      'if-none-match': String(response.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it("gives a desktop browser the frame's wide layout alone: the page once in the HTML", async () => {
    const desktop = await get('/app/meetings', {
      cookie: 'session=abc; ui-theme=light',
      'sec-ch-ua-mobile': '?0',
    });
    expect(desktop.body).toContain(
      '<header class="wide-light">Plain Minutes</header><main><h1 class="light">Meetings</h1></main></div>',
    );
    expect(desktop.body.match(/<h1/g)).toHaveLength(1);
    // A phone, or a browser without the hint: both layouts; each answer its own validator.
    for (const hint of [{ 'sec-ch-ua-mobile': '?1' }, {}] as Record<string, string>[]) {
      const other = await get('/app/meetings', { cookie: 'session=abc; ui-theme=light', ...hint });
      expect(other.body.match(/<h1/g)).toHaveLength(2);
      expect(other.headers.etag).not.toBe(desktop.headers.etag);
    }
  });

  it('serves the plain app page without a session, to other colours and for other paths', async () => {
    expect((await get('/app/meetings')).body).toBe(APP_HTML);
    const acme = await gateway.inject({
      url: '/app/meetings',
      headers: { host: 'acme.example', cookie: 'session=abc' },
    });
    expect(acme.body).toBe(APP_HTML);
    expect((await get('/app/actions', { cookie: 'session=abc' })).body).toBe(APP_HTML);
    expect((await get('/app/meetings/42', { cookie: 'session=abc' })).body).toBe(APP_HTML);
    expect((await get('/login', { cookie: 'session=abc' })).body).toBe(INDEX_HTML);
  });

  it('follows a redeploy of the remote and serves the plain page while its file is broken', async () => {
    const file = join(meetingsDir, 'app-pages.prerender.json');
    writeFileSync(file, '{"version":1,"pages":{"/app/meetings":{"version":2}}}');
    expect((await get('/app/meetings', { cookie: 'session=abc' })).body).toBe(APP_HTML);
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        pages: { '/app/meetings': prerendered(() => '<h1>v2</h1>') },
      }),
    );
    const redeployed = await get('/app/meetings', { cookie: 'session=abc; ui-theme=dark' });
    expect(redeployed.body).toContain('<main><h1>v2</h1></main>');
  });
});
