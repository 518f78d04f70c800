#!/usr/bin/env node
// `npm run test:e2e`: the browser journeys against the built product, first in the embedded mode,
// then distributed (separate processes on real PostgreSQL, NATS and Redis). E2E_MODES picks modes.
import '@meetings/service-kit/node-version';
import { spawnSync } from 'node:child_process';

const modes = (process.env.E2E_MODES ?? 'embedded,distributed').split(',').filter(Boolean);
for (const mode of modes) {
  console.log(`\n=== Browser tests, ${mode} mode ===`);
  const result = spawnSync('npx', ['vitest', 'run', '--root', 'e2e', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, E2E_MODE: mode },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
