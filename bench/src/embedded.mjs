// The embedded mode (`npm start`: one process, PGlite, in-process bus and cache) on a data set:
// start time cold (the data folder and the code evicted from the operating system's page cache
// first, a new process) and warm (started again at once), and resident memory idle, after a
// minute's worth of typical use, and at its peak.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_USERS, ROOT, embeddedDataDir } from './config.mjs';
import { median, runLoad } from './load.mjs';
import { scenarios } from './api.mjs';
import { startEmbedded } from './stack.mjs';

/** Drops the files' pages from the page cache (posix_fadvise DONTNEED: these files only). */
function evict(paths) {
  const script = `
import os, sys
for top in sys.argv[1:]:
    for folder, _, files in os.walk(top):
        for name in files:
            try:
                fd = os.open(os.path.join(folder, name), os.O_RDONLY)
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
                os.close(fd)
            except OSError:
                pass
`;
  execFileSync('python3', ['-c', script, ...paths]);
}

function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) =>
    Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

export async function measureEmbedded({ size, starts = 3, useMs = 20_000, log = console.log }) {
  const dataDir = embeddedDataDir(size);
  const codePaths = [
    join(ROOT, 'node_modules', '@electric-sql'),
    ...[
      'libs/service-kit',
      'embedded',
      'libs/contracts',
      'libs/domain',
      'gateway',
      'svc-auth',
      'svc-subscription',
      'svc-meetings',
      'svc-actions',
    ].map((dir) => join(ROOT, dir, 'dist')),
  ];
  const cold = [];
  const warm = [];
  let memoryAfterStart;
  for (let i = 0; i < starts; i++) {
    evict([dataDir, ...codePaths]);
    let stack = await startEmbedded({ dataDir, label: `embedded-${size}` });
    cold.push(stack.startMs);
    await stack.stop();
    stack = await startEmbedded({ dataDir, label: `embedded-${size}` });
    warm.push(stack.startMs);
    if (i < starts - 1) await stack.stop();
    else {
      await new Promise((r) => setTimeout(r, 2_000));
      memoryAfterStart = memory(stack.pid);
      // Typical use: lists, searches, meeting pages and notes saves through the gateway.
      const mix = scenarios(size).filter((s) => s.id !== 'action-status' && !s.liveMeetings);
      const used = await runLoad({
        origin: stack.urls.gateway,
        connections: 4,
        durationMs: useMs,
        next: (k) => {
          const scenario = mix[k % mix.length];
          const who = BENCH_USERS[k % BENCH_USERS.length];
          const extra = scenario.body?.(who, k) ?? {};
          return {
            method: scenario.method ?? 'GET',
            path: scenario.path(who, k),
            headers: { cookie: `session=${who.sessionToken}`, ...extra.headers },
            body: extra.body,
          };
        },
      });
      const afterUse = memory(stack.pid);
      await stack.stop();
      const result = {
        size,
        coldMs: median(cold),
        warmMs: median(warm),
        cold,
        warm,
        rssIdleMb: memoryAfterStart.rss,
        rssAfterUseMb: afterUse.rss,
        rssPeakMb: afterUse.peak,
        use: { rps: used.rps, p50: used.p50, p99: used.p99, errors: used.errors },
      };
      log(
        `  embedded ${size}: start cold ${(result.coldMs / 1000).toFixed(1)} s, warm ${(result.warmMs / 1000).toFixed(1)} s; RSS idle ${result.rssIdleMb.toFixed(0)} MB, after use ${result.rssAfterUseMb.toFixed(0)} MB, peak ${result.rssPeakMb.toFixed(0)} MB`,
      );
      return { ...result, stackOfLastRun: undefined };
    }
  }
  return null;
}
