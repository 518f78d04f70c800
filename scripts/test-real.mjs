#!/usr/bin/env node
// `npm run test:real`: the service and platform tests against the real PostgreSQL, NATS JetStream
// and Redis (defaults: the local servers), plus the tests that only make sense there (*.real.spec.ts).
import '@meetings/service-kit/node-version';
import { spawnSync } from 'node:child_process';

const env = {
  ...process.env,
  TEST_REAL: '1',
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  TEST_NATS_URL: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
  TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
};
const projects = [
  '@meetings/service-kit',
  '@meetings/embedded',
  '@meetings/gateway',
  '@meetings/svc-auth',
  '@meetings/svc-subscription',
  '@meetings/svc-meetings',
  '@meetings/svc-actions',
];
const result = spawnSync(
  'npx',
  ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env,
  },
);
process.exit(result.status ?? 1);
