import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Files a browser must re-check on every load, so a redeploy is picked up without a rebuild. */
const ALWAYS_FRESH = new Set(['index.html', 'mf-manifest.json', 'mf-stats.json', 'remoteEntry.js']);
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
  options: { shellDir?: string; remoteDirs: string[]; manifestFile?: string },
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
    if (options.manifestFile) return JSON.parse(readFileCached(options.manifestFile)) as unknown;
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
  const sendShell = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', shellDir);
  app.get('/', (_request, reply) => sendShell(reply));
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0]!;
    const file = join(shellDir, decodeURIComponent(path));
    if (file.startsWith(shellDir) && existsSync(file) && statSync(file).isFile()) {
      return reply.sendFile(path.slice(1), shellDir);
    }
    // Page paths belong to the shell's router; a missing asset is a real 404.
    if (/\.[a-z0-9]{1,8}$/i.test(path)) return reply.callNotFound();
    return sendShell(reply);
  });
}

const cache = new Map<string, { mtimeMs: number; text: string }>();

/** Re-read when the file changes on disk (a redeploy rewrites it), otherwise from memory. */
function readFileCached(file: string): string {
  const mtimeMs = statSync(file).mtimeMs;
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.text;
  const text = readFileSync(file, 'utf8');
  cache.set(file, { mtimeMs, text });
  return text;
}
