import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { DEFAULT_BRANDING, type PrerenderedPage } from '@meetings/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';
import { includeLandingPage, LandingPageSource } from '../src/landing-page.js';
import { schemeChoice } from '../src/prerendered-page.js';

const INDEX =
  '<!doctype html><html><head><title>MeetingKeeper</title></head><body><div id="root"></div></body></html>';
/** The build's landing.html: the same shell without the start's hints (here, a marker). */
const LANDING_SHELL = INDEX.replace('</head>', '<meta name="page" content="landing"></head>');

function page(overrides: Partial<PrerenderedPage> = {}): PrerenderedPage {
  return {
    version: 1,
    colours: {
      primaryColor: DEFAULT_BRANDING.primaryColor,
      secondaryColor: DEFAULT_BRANDING.secondaryColor,
    },
    tokens: { productName: '__MK_PRODUCT_NAME__', footerCredit: '__MK_FOOTER_CREDIT__' },
    schemes: {
      light: '<main class="light"><h1>__MK_PRODUCT_NAME__</h1><p>__MK_FOOTER_CREDIT__</p></main>',
      dark: '<main class="dark"><h1>__MK_PRODUCT_NAME__</h1><p>__MK_FOOTER_CREDIT__</p></main>',
      system: '<main class="system"><h1>__MK_PRODUCT_NAME__</h1></main>',
    },
    ...overrides,
  };
}

describe('includeLandingPage', () => {
  it('puts the page before the root with the tenant texts escaped and the title set', () => {
    const html = includeLandingPage(
      INDEX,
      page(),
      { ...DEFAULT_BRANDING, productName: 'A & B <Minutes> $&', footerCredit: '"Team"' },
      'light',
    );
    expect(html).toContain('<title>A &amp; B &lt;Minutes&gt; $&amp;</title>');
    expect(html).toContain(
      '<div id="prerendered-page"><style>body{margin:0}</style><main class="light"><h1>A &amp; B &lt;Minutes&gt; $&amp;</h1><p>&quot;Team&quot;</p></main></div><div id="root"></div>',
    );
    expect(html).not.toContain('class="dark"');
    expect(html).not.toContain('__MK_');
  });

  it("changes nothing else in the HTML it is given: which hints it has is the build's choice", () => {
    const head =
      '<link as="script" data-entry="" fetchpriority="high" href="/main.1.js" rel="preload"><script data-entry="/main.1.js" defer src="/start-after-paint.3.js"></script><link as="script" href="/bootstrap.2.js" rel="preload" fetchpriority="low">';
    const shell = INDEX.replace('</head>', `${head}</head>`);
    const html = includeLandingPage(shell, page(), DEFAULT_BRANDING, 'light')!;
    expect(html).toContain(`<title>MeetingKeeper</title>${head}</head>`);
    expect(html.replace(/<div id="prerendered-page">.*?<\/div>(?=<div id="root">)/, '')).toBe(
      shell,
    );
  });

  it('sends the markup for either scheme when the OS decides', () => {
    const html = includeLandingPage(INDEX, page(), DEFAULT_BRANDING, 'system')!;
    expect(html).toContain('<main class="system"><h1>MeetingKeeper</h1></main>');
    expect(html).not.toContain('class="light"');
  });

  it('is not used for a tenant with other colours or a logo, nor without a root element', () => {
    expect(
      includeLandingPage(INDEX, page(), { ...DEFAULT_BRANDING, primaryColor: '#aa0000' }, 'light'),
    ).toBeNull();
    expect(
      includeLandingPage(
        INDEX,
        page(),
        { ...DEFAULT_BRANDING, secondaryColor: undefined },
        'light',
      ),
    ).toBeNull();
    expect(
      includeLandingPage(
        INDEX,
        page(),
        { ...DEFAULT_BRANDING, logoUrl: 'https://cdn.example/logo.svg' },
        'light',
      ),
    ).toBeNull();
    expect(includeLandingPage('<body></body>', page(), DEFAULT_BRANDING, 'light')).toBeNull();
    // Colours compare without regard to case.
    expect(
      includeLandingPage(
        INDEX,
        page(),
        { ...DEFAULT_BRANDING, primaryColor: DEFAULT_BRANDING.primaryColor.toUpperCase() },
        'dark',
      ),
    ).toContain('class="dark"');
  });
});

describe('schemeChoice', () => {
  it('reads the theme cookie; anything else follows the OS', () => {
    expect(schemeChoice('session=abc; ui-theme=dark')).toBe('dark');
    expect(schemeChoice('ui-theme=light')).toBe('light');
    expect(schemeChoice('ui-theme=system')).toBe('system');
    expect(schemeChoice('ui-theme=<script>')).toBe('system');
    expect(schemeChoice(undefined)).toBe('system');
  });
});

describe('LandingPageSource from a URL', () => {
  it('fetches once, refreshes behind the last good copy and keeps it while the URL fails', async () => {
    const good = JSON.stringify(page());
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(new Response(good))
      .mockResolvedValueOnce(new Response('down', { status: 503 }));
    const onError = vi.fn();
    const source = new LandingPageSource('http://mfe-onboarding/landing.prerender.json', {
      fetch,
      refreshMs: 0,
      onError,
    });
    const first = await source.get();
    expect(first?.page.tokens.productName).toBe('__MK_PRODUCT_NAME__');
    // Stale at once (refreshMs 0): this call starts a refresh and answers from the copy it has.
    expect((await source.get())?.key).toBe(first?.key);
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect((await source.get())?.page).toEqual(first?.page);
  });

  it('gives nothing for an answer that is not a prerendered page', async () => {
    const onError = vi.fn();
    const source = new LandingPageSource('https://cdn.example/landing.json', {
      fetch: async () => new Response(JSON.stringify({ version: 2 })),
      onError,
    });
    expect(await source.get()).toBeNull();
    expect(onError).toHaveBeenCalled();
  });
});

describe('the shell at / with the prerendered landing page', () => {
  let gateway: FastifyInstance;
  let onboardingDir: string;
  let shellDir: string;

  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'landing-'));
    shellDir = join(root, 'shell');
    onboardingDir = join(root, 'mfe-onboarding');
    mkdirSync(shellDir);
    mkdirSync(onboardingDir);
    writeFileSync(join(shellDir, 'index.html'), INDEX);
    writeFileSync(join(shellDir, 'landing.html'), LANDING_SHELL);
    writeFileSync(join(onboardingDir, 'landing.prerender.json'), JSON.stringify(page()));
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
        REMOTE_DIRS: `mfe-onboarding=${onboardingDir}`,
        TENANTS_FILE: tenantsFile,
      }),
    );
  });

  afterAll(() => gateway?.close());

  it('includes the page for a tenant with the colours it was rendered in, compressed', async () => {
    const response = await gateway.inject({
      url: '/',
      headers: { host: 'plain.example', 'accept-encoding': 'gzip, br', cookie: 'ui-theme=dark' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('accept-encoding, cookie');
    const html = brotliDecompressSync(response.rawPayload).toString();
    expect(html).toContain('<title>Plain Minutes</title>');
    expect(html).toContain('<main class="dark"><h1>Plain Minutes</h1>');
    // Put into the build's landing.html, not index.html.
    expect(html).toContain('<meta name="page" content="landing">');

    const again = await gateway.inject({
      url: '/',
      headers: {
        host: 'plain.example',
        cookie: 'ui-theme=dark',
        'if-none-match': String(response.headers.etag),
      },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves the plain shell to a tenant with its own colours and on every other page', async () => {
    const acme = await gateway.inject({ url: '/', headers: { host: 'acme.example' } });
    expect(acme.statusCode).toBe(200);
    expect(acme.body).toBe(INDEX);
    const login = await gateway.inject({ url: '/login', headers: { host: 'plain.example' } });
    expect(login.body).toBe(INDEX);
  });

  it('follows a redeploy of mfe-onboarding and serves the plain shell when its page is broken', async () => {
    const file = join(onboardingDir, 'landing.prerender.json');
    writeFileSync(file, '{"version":');
    const broken = await gateway.inject({ url: '/', headers: { host: 'plain.example' } });
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toBe(INDEX);
    writeFileSync(
      file,
      JSON.stringify(
        page({ schemes: { light: '<p>v2 __MK_PRODUCT_NAME__</p>', dark: '', system: '' } }),
      ),
    );
    const redeployed = await gateway.inject({
      url: '/',
      headers: { host: 'plain.example', cookie: 'ui-theme=light' },
    });
    expect(redeployed.body).toContain('<p>v2 Plain Minutes</p>');
  });

  it('puts the page into index.html, hints and all, for a build without landing.html', async () => {
    rmSync(join(shellDir, 'landing.html'));
    const response = await gateway.inject({
      url: '/',
      headers: { host: 'plain.example', cookie: 'ui-theme=light' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="prerendered-page">');
    expect(response.body).not.toContain('content="landing"');
    expect(
      response.body.replace(/<div id="prerendered-page">.*?<\/div>(?=<div id="root">)/, ''),
    ).toBe(INDEX.replace('MeetingKeeper', 'Plain Minutes'));
  });
});
