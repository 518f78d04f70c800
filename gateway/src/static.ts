import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { GatewayEnv } from './config.js';
import { sendError } from './errors.js';

/** Files a browser must re-check on every load: they name the hashed files of one release. */
const ALWAYS_FRESH = new Set([
  'index.html',
  'landing.html',
  'mf-manifest.json',
  'mf-stats.json',
  'remoteEntry.js',
]);
const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpe?g|gif|webp)$/;
/** Paths the shell's router draws: anything but the API, the remotes and named files. */
const NOT_A_PAGE = /^\/(api|remotes)(\/|$)|\.[a-z0-9]{1,8}$/i;

function cacheHeaders(reply: FastifyReply, path: string): void {
  // A precompressed sibling (main.1a2b3c4d5e.js.br) is cached like the file it stands for.
  const name = basename(path).replace(/\.(br|gz)$/, '');
  if (ALWAYS_FRESH.has(name)) void reply.header('cache-control', 'no-cache');
  else if (HASHED.test(name))
    void reply.header('cache-control', 'public, max-age=31536000, immutable');
  else void reply.header('cache-control', 'public, max-age=300');
}

/**
 * Serves the built front ends as plain files (with the `.br`/`.gz` siblings the build wrote): the
 * shell at / (landing.html, and index.html for every other page path), each remote at
 * /remotes/<name>/, and the environment's remotes manifest at /remotes.json. Anything else is
 * not found.
 */
export async function serveFrontEnds(app: FastifyInstance, config: GatewayEnv): Promise<void> {
  const remotes = config.REMOTE_DIRS.map((entry) => {
    const [name, dir] = entry.includes('=')
      ? (entry.split('=') as [string, string])
      : [basename(entry), entry];
    return { name, dir: resolve(dir) };
  });
  const shellDir = config.SHELL_DIR && resolve(config.SHELL_DIR);
  const served = [
    ...remotes.map((remote) => ({ root: remote.dir, prefix: `/remotes/${remote.name}/` })),
    ...(shellDir ? [{ root: shellDir, prefix: '/' }] : []),
  ];
  for (const [index, { root, prefix }] of served.entries()) {
    await app.register(fastifyStatic, {
      root,
      prefix,
      // `/` is the landing page, rendered at build time when the shell's build has one.
      index: root === shellDir ? ['landing.html', 'index.html'] : false,
      decorateReply: index === 0,
      cacheControl: false,
      setHeaders: cacheHeaders,
      preCompressed: true,
    });
  }

  const manifestFile = config.REMOTES_MANIFEST_FILE;
  app.get('/remotes.json', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    // Read per request: releasing a remote rewrites the file, and nothing needs a restart.
    if (manifestFile) return JSON.parse(await readFile(manifestFile, 'utf8')) as unknown;
    return Object.fromEntries(
      // The federation name of `mfe-meetings` is `mfe_meetings`.
      remotes.map((r) => [r.name.replace(/-/g, '_'), `/remotes/${r.name}/mf-manifest.json`]),
    );
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (!shellDir || !['GET', 'HEAD'].includes(request.method) || NOT_A_PAGE.test(path))
      return sendError(request, reply, 'notFound');
    return reply.sendFile('index.html', shellDir);
  });
}
