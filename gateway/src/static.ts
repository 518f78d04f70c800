import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import {
  APP_SHELL_PAGE,
  LANDING_SHELL_PAGE,
  isAppPagePath,
  PRERENDERED_APP_FRAME_FILE,
  PRERENDERED_APP_PAGES_FILE,
  PRERENDERED_LANDING_FILE,
  type Branding,
  type ListActionsResponse,
  type Meeting,
  type PrerenderedPages,
} from '@meetings/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { hasSessionCookie, includeAppPage, isDesktop } from './app-page.js';
import { sessionCookie } from './cookies.js';
import { ACTIONS_PAGE_PATH, actionsTemplate, includeActionsPage } from './actions-page.js';
import { includeMeetingPage, meetingIdOf, meetingTemplate } from './meeting-page.js';
import { includeLandingPage, LandingPageSource } from './landing-page.js';
import {
  digest,
  PrerenderedPagesSchema,
  PrerenderSource,
  schemeChoice,
} from './prerendered-page.js';

/** Files a browser must re-check on every load, so a redeploy is picked up without a rebuild. */
const ALWAYS_FRESH = new Set([
  'index.html',
  APP_SHELL_PAGE,
  LANDING_SHELL_PAGE,
  'mf-manifest.json',
  'mf-stats.json',
  'remoteEntry.js',
]);
const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpe?g|gif|webp)$/;

function cacheHeaders(reply: { header(name: string, value: string): unknown }, path: string): void {
  // A precompressed sibling (main.1a2b3c4d5e.js.br) is cached like the file it stands for.
  const name = basename(path).replace(/\.(br|gz)$/, '');
  if (ALWAYS_FRESH.has(name)) reply.header('cache-control', 'no-cache');
  else if (HASHED.test(name)) reply.header('cache-control', 'public, max-age=31536000, immutable');
  else reply.header('cache-control', 'public, max-age=300');
}

export function federationName(remoteDir: string): string {
  return remoteDir.replace(/-/g, '_');
}

/**
 * Serves the built front ends: the shell at / (any page path falls back to its index.html) and
 * each remote at /remotes/<name>/, plus the environment's remotes manifest at /remotes.json.
 */
export async function serveFrontEnds(
  app: FastifyInstance,
  options: {
    shellDir?: string;
    remoteDirs: string[];
    manifestFile?: string;
    /** The prerendered landing page (a file or URL); default: the served mfe-onboarding's. */
    landingPageSource?: string;
    /**
     * The remotes' prerendered /app pages (files or URLs); default: each served remote's
     * app-pages.prerender.json.
     */
    appPageSources?: readonly string[];
    /** The request's tenant branding, filled into the prerendered pages. */
    brandingFor?: (request: FastifyRequest) => Branding;
    /**
     * The meeting a signed-in request may read, for its meeting page's first load (null when it
     * may not, or the service does not answer in time: the page is then served without it).
     */
    meetingFor?: (request: FastifyRequest, token: string, id: string) => Promise<Meeting | null>;
    /** The first page of actions a signed-in request's actions page shows (null: as above). */
    firstActionsFor?: (
      request: FastifyRequest,
      token: string,
    ) => Promise<ListActionsResponse | null>;
  },
): Promise<void> {
  const remotes = options.remoteDirs.map((entry) => {
    const [name, dir] = entry.includes('=')
      ? (entry.split('=') as [string, string])
      : [basename(entry), entry];
    return { name, dir: resolve(dir) };
  });

  let decorated = false;
  for (const remote of remotes) {
    await app.register(fastifyStatic, {
      root: remote.dir,
      prefix: `/remotes/${remote.name}/`,
      decorateReply: !decorated,
      cacheControl: false,
      setHeaders: cacheHeaders,
      // The build writes .br and .gz beside each asset (PrecompressPlugin).
      preCompressed: true,
    });
    decorated = true;
  }

  app.get('/remotes.json', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    if (options.manifestFile)
      return JSON.parse(readFileCached(options.manifestFile).text) as unknown;
    return Object.fromEntries(
      remotes.map((r) => [federationName(r.name), `/remotes/${r.name}/mf-manifest.json`]),
    );
  });

  if (!options.shellDir) return;
  const shellDir = resolve(options.shellDir);
  // Only reply.sendFile is needed: the catch-all below picks files (a redeploy adds new ones).
  await app.register(fastifyStatic, {
    root: shellDir,
    serve: false,
    decorateReply: !decorated,
    cacheControl: false,
    setHeaders: cacheHeaders,
    preCompressed: true,
  });
  // Pages under /app get the variant that also preloads the app bar, when the build wrote one.
  const sendShell = (reply: FastifyReply, path = '/') =>
    reply
      .header('cache-control', 'no-cache')
      .sendFile(
        isAppPagePath(path) && existsSync(join(shellDir, APP_SHELL_PAGE))
          ? APP_SHELL_PAGE
          : 'index.html',
        shellDir,
      );
  const onboarding = remotes.find((remote) => remote.name === 'mfe-onboarding');
  const landingLocation =
    options.landingPageSource ??
    (onboarding ? join(onboarding.dir, PRERENDERED_LANDING_FILE) : undefined);
  const landing =
    landingLocation && options.brandingFor
      ? landingPageServer(shellDir, landingLocation, options.brandingFor, app)
      : null;
  const appSources = appPageSources(
    shellDir,
    options.appPageSources ?? remotes.map((remote) => join(remote.dir, PRERENDERED_APP_PAGES_FILE)),
    app,
  );
  const appPages = options.brandingFor
    ? appPageServer(shellDir, appSources, options.brandingFor)
    : null;
  const { brandingFor, meetingFor, firstActionsFor } = options;
  const personalPages = brandingFor
    ? personalPageServer(
        shellDir,
        appSources,
        async ({ request, token, path, shell, frames, pages }) => {
          const branding = brandingFor(request);
          const scheme = schemeChoice(request.headers.cookie);
          const desktop = isDesktop(request.headers['sec-ch-ua-mobile']);
          const id = meetingIdOf(path);
          const meetingPage = meetingTemplate(pages);
          if (id && meetingPage && meetingFor) {
            const meeting = await meetingFor(request, token, id);
            return (
              meeting &&
              includeMeetingPage(shell, frames, meetingPage, meeting, branding, scheme, desktop)
            );
          }
          const actionsPage = actionsTemplate(pages);
          if (path === ACTIONS_PAGE_PATH && actionsPage && firstActionsFor) {
            const answer = await firstActionsFor(request, token);
            return (
              answer &&
              includeActionsPage(shell, frames, actionsPage, answer, branding, scheme, desktop)
            );
          }
          return null;
        },
      )
    : null;
  app.get('/', async (request, reply) =>
    (await landing?.(request, reply, '/')) ? reply : sendShell(reply),
  );
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const file = join(shellDir, decodeURIComponent(path));
    if (file.startsWith(shellDir) && existsSync(file) && statSync(file).isFile()) {
      return reply.sendFile(path.slice(1), shellDir);
    }
    // Page paths belong to the shell's router; a missing asset is a real 404.
    if (/\.[a-z0-9]{1,8}$/i.test(path)) return reply.callNotFound();
    // Only the pages rendered with a user's data read their sources here (not every /app load).
    const personal = meetingIdOf(path) !== null || path === ACTIONS_PAGE_PATH;
    if (personal && (await personalPages?.(request, reply, path))) return reply;
    if (isAppPagePath(path) && (await appPages?.(request, reply, path))) return reply;
    return sendShell(reply, path);
  });
}

interface EncodedPage {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** A page built for a request: a key naming everything it depends on, and how to build it. */
interface Included {
  key: string;
  html: () => string | null;
  /** Request headers besides the cookie and encoding the page depends on. */
  vary?: string[];
}

type PageServer = (request: FastifyRequest, reply: FastifyReply, path: string) => Promise<boolean>;

/**
 * Answers with a shell page that includes a prerendered page, built and compressed once per key
 * (page versions, tenant branding, scheme). Returns false (the caller sends the plain shell) when
 * there is none for the request.
 */
function includedPageServer(
  build: (request: FastifyRequest, path: string) => Promise<Included | null>,
): PageServer {
  const encoded = new LRUCache<string, EncodedPage | false>({ max: 256 });
  return async (request, reply, path) => {
    const found = await build(request, path);
    if (!found) return false;
    let page = encoded.get(found.key);
    if (page === undefined) {
      const html = found.html();
      page = html === null ? false : encode(html);
      encoded.set(found.key, page);
    }
    if (!page) return false;

    void reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      // The answer differs by the theme and session cookies and the encoding (and what `vary`
      // adds); the host picks the tenant.
      .header('vary', ['accept-encoding', 'cookie', ...(found.vary ?? [])].join(', '))
      .header('etag', page.etag);
    if (request.headers['if-none-match'] === page.etag) {
      await reply.code(304).send();
      return true;
    }
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const [body, encoding] = /\bbr\b/.test(accepted)
      ? [page.br, 'br']
      : /\bgzip\b/.test(accepted)
        ? [page.gzip, 'gzip']
        : [page.identity, null];
    if (encoding) void reply.header('content-encoding', encoding);
    await reply.send(body);
    return true;
  };
}

/** `/` with the landing page mfe-onboarding prerenders, for tenants it fits. */
function landingPageServer(
  shellDir: string,
  location: string,
  brandingFor: (request: FastifyRequest) => Branding,
  app: FastifyInstance,
): PageServer {
  const source = new LandingPageSource(location, {
    onError: (error) => app.log.warn({ err: error, location }, 'prerendered landing page unusable'),
  });
  const landingFile = join(shellDir, LANDING_SHELL_PAGE);
  const indexFile = join(shellDir, 'index.html');
  return includedPageServer(async (request) => {
    const found = await source.get();
    // A build from before landing.html has only index.html: the page goes in with its hints.
    const shellFile = [landingFile, indexFile].find((file) => existsSync(file));
    if (!found || !shellFile) return null;
    const branding = brandingFor(request);
    const scheme = schemeChoice(request.headers.cookie);
    const shell = readFileCached(shellFile);
    return {
      key: ['landing', found.key, shellFile, shell.mtimeMs, scheme, JSON.stringify(branding)].join(
        '|',
      ),
      html: () => includeLandingPage(shell.text, found.page, branding, scheme),
    };
  });
}

interface AppPageSources {
  frames: PrerenderSource<PrerenderedPages>;
  pages: PrerenderSource<PrerenderedPages>[];
}

/** The shell's app frame and the remotes' prerendered /app pages, read once for both servers. */
function appPageSources(
  shellDir: string,
  pageLocations: readonly string[],
  app: FastifyInstance,
): AppPageSources {
  const source = (location: string) =>
    new PrerenderSource(location, PrerenderedPagesSchema, {
      onError: (error) => app.log.warn({ err: error, location }, 'prerendered app pages unusable'),
    });
  return {
    frames: source(join(shellDir, PRERENDERED_APP_FRAME_FILE)),
    pages: pageLocations.map(source),
  };
}

async function readPages(sources: AppPageSources) {
  return (await Promise.all(sources.pages.map((pages) => pages.get()))).filter(
    (found) => found !== null,
  );
}

// index.html, not app.html: with the page painted from the HTML, the app bar's 20 extra hints
// compete with that first paint (LCP 1,988 -> 1,368 ms side by side) and do not bring the
// app's own page forward (4,802 and 4,794 ms), bench/README.md change 24.
const FRAMED_SHELL = 'index.html';

/**
 * The /app pages the remotes prerender, inside the shell's prerendered app frame, for a request
 * with a session cookie (without one the guard sends the visitor to /login at once).
 */
function appPageServer(
  shellDir: string,
  sources: AppPageSources,
  brandingFor: (request: FastifyRequest) => Branding,
): PageServer {
  const shellFile = join(shellDir, FRAMED_SHELL);
  return includedPageServer(async (request, path) => {
    if (!hasSessionCookie(request.headers.cookie, request.protocol === 'https')) return null;
    const frame = await sources.frames.get();
    // Only paths the shell has a frame for (a key per arbitrary path would fill the cache).
    if (!frame || !Object.hasOwn(frame.page.pages, path) || !existsSync(shellFile)) return null;
    const pages = await readPages(sources);
    const branding = brandingFor(request);
    const scheme = schemeChoice(request.headers.cookie);
    const desktop = isDesktop(request.headers['sec-ch-ua-mobile']);
    const shell = readFileCached(shellFile);
    return {
      key: [
        'app',
        path,
        desktop,
        frame.key,
        ...pages.map((found) => found.key),
        shell.mtimeMs,
        scheme,
        JSON.stringify(branding),
      ].join('|'),
      vary: ['sec-ch-ua-mobile'],
      html: () =>
        includeAppPage(
          shell.text,
          frame.page,
          pages.map((found) => found.page),
          path,
          branding,
          scheme,
          desktop,
        ),
    };
  });
}

interface PersonalPageInput {
  request: FastifyRequest;
  /** The session token of the request's cookie (not checked: the services decide). */
  token: string;
  path: string;
  shell: string;
  frames: PrerenderedPages;
  pages: PrerenderedPages[];
}

/**
 * A signed-in user's first load of a page with that user's data in it (a meeting, the first page
 * of actions: `build` reads it with the user's session and fills the page in, or gives null).
 * Built for each request and never stored by a cache: it is one user's data.
 */
function personalPageServer(
  shellDir: string,
  sources: AppPageSources,
  build: (input: PersonalPageInput) => Promise<string | null>,
): PageServer {
  const shellFile = join(shellDir, FRAMED_SHELL);
  return async (request, reply, path) => {
    const token = sessionCookie(request.headers.cookie, request.protocol === 'https');
    if (!token || !existsSync(shellFile)) return false;
    const [frame, pages] = await Promise.all([sources.frames.get(), readPages(sources)]);
    if (!frame) return false;
    const html = await build({
      request,
      token,
      path,
      shell: readFileCached(shellFile).text,
      frames: frame.page,
      pages: pages.map((found) => found.page),
    });
    if (html === null) return false;
    void reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('vary', 'accept-encoding, cookie, sec-ch-ua-mobile');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    // Compressed per request: a quicker setting than the shared pages' (built once per key).
    if (/\bbr\b/.test(accepted)) {
      void reply.header('content-encoding', 'br');
      await reply.send(
        brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
      );
    } else if (/\bgzip\b/.test(accepted)) {
      void reply.header('content-encoding', 'gzip');
      await reply.send(gzipSync(html, { level: 6 }));
    } else {
      await reply.send(html);
    }
    return true;
  };
}

function encode(html: string): EncodedPage {
  const identity = Buffer.from(html);
  return {
    etag: `"${digest(html)}"`,
    identity,
    br: brotliCompressSync(identity, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

const cache = new Map<string, { mtimeMs: number; text: string }>();

/** Re-read when the file changes on disk (a redeploy rewrites it), otherwise from memory. */
function readFileCached(file: string): { mtimeMs: number; text: string } {
  const mtimeMs = statSync(file).mtimeMs;
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit;
  const entry = { mtimeMs, text: readFileSync(file, 'utf8') };
  cache.set(file, entry);
  return entry;
}
