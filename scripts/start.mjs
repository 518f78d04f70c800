#!/usr/bin/env node
// `npm start`: builds what is missing or changed (Turborepo's cache makes a repeat run quick), then
// runs the whole product in one process on embedded defaults at http://localhost:8080.
import '@meetings/service-kit/node-version';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES, remoteDirsFrom } from './distributed-processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

if (process.env.SKIP_BUILD !== '1') {
  console.log('Building (cached parts are reused)...');
  const build = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { startPlatform } = await import('@meetings/embedded');
const remoteDirs = remoteDirsFrom(process.env.REMOTE_DIRS);
const platform = await startPlatform({
  dataDir: process.env.DATA_DIR ?? join(root, '.data'),
  frontEnds: {
    shellDir: join(root, 'shell', 'dist'),
    remoteDirs: REMOTES.map((name) => `${name}=${remoteDirs[name] ?? join(root, name, 'dist')}`),
  },
});
const port = new URL(platform.url).port;
console.log(
  `\n  MeetingKeeper is running at http://localhost:${port}\n  (no SMTP_URL set: login codes are written to this log)\n`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping...');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    void platform.close().then(() => process.exit(0));
  });
}
