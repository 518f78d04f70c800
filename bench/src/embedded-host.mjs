#!/usr/bin/env node
// The embedded product exactly as `npm start` runs it (startPlatform on PGlite, the in-process bus
// and memory cache, the built front ends), plus a probe port for the benchmark: it reads the
// in-process cache and the action index, which no other process can see in this mode.
import { createServer } from 'node:http';
import { join } from 'node:path';
import { MemoryCache } from '@meetings/service-kit';
import { startPlatform } from '@meetings/embedded';

const root = join(import.meta.dirname, '..', '..');
const REMOTES = ['mfe-onboarding', 'mfe-meetings', 'mfe-actions'];
const memoryCache = new MemoryCache();
const platform = await startPlatform({
  port: Number(process.env.PORT ?? 0),
  host: '127.0.0.1',
  dataDir: process.env.DATA_DIR,
  shared: { memoryCache },
  frontEnds:
    process.env.FRONT_ENDS === '0'
      ? undefined
      : {
          shellDir: join(root, 'shell', 'dist'),
          remoteDirs: REMOTES.map((name) => `${name}=${join(root, name, 'dist')}`),
        },
});

const meetingsCache = memoryCache.withNamespace('svc-meetings');
const actionsDb = platform.services.actions.dataSource;

const probe = createServer(async (request, response) => {
  const url = new URL(request.url, 'http://probe');
  try {
    let body;
    if (url.pathname === '/services') {
      body = Object.fromEntries(
        Object.entries(platform.services).map(([name, s]) => [name, s.url]),
      );
    } else if (url.pathname === '/management') {
      body = Object.fromEntries(
        Object.entries(platform.services).map(([name, s]) => [name, s.managementUrl]),
      );
    } else if (url.pathname === '/entitlement-cached') {
      body = {
        cached:
          (await meetingsCache.get(`entitlement:${url.searchParams.get('userId')}`)) !== undefined,
      };
    } else if (url.pathname === '/indexed-action') {
      const rows = await actionsDb.query(
        `SELECT text FROM indexed_action WHERE meeting_id = $1 AND id = $2`,
        [url.searchParams.get('meetingId'), url.searchParams.get('actionId')],
      );
      body = { text: rows[0]?.text ?? null };
    } else if (url.pathname === '/memory') {
      body = process.memoryUsage();
    } else {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
});
probe.listen(Number(process.env.PROBE_PORT), '127.0.0.1');

for (const signal of ['SIGTERM', 'SIGINT'])
  process.on(signal, () => {
    probe.close();
    void platform.close().then(() => process.exit(0));
  });
