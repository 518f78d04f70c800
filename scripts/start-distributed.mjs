#!/usr/bin/env node
// `npm run start:distributed`: every service, the gateway and the front ends as separate processes,
// against real PostgreSQL, NATS JetStream and Redis (the defaults match the local servers).
import '@meetings/service-kit/node-version';
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  distributedProcesses,
  managementPorts,
  remoteDirsFrom,
  servicePorts,
} from './distributed-processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
  NATS_URL: 'nats://127.0.0.1:4222',
  REDIS_URL: 'redis://127.0.0.1:6379',
  ...process.env,
};
const base = Number(process.env.SERVICE_PORT_BASE ?? 4000);
const ports = servicePorts(base);
const management = managementPorts(base);

if (process.env.SKIP_BUILD !== '1') {
  const build = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const processes = distributedProcesses({
  root,
  base,
  gatewayPort: env.PORT ?? 8080,
  gatewayManagementPort: env.MANAGEMENT_PORT ? Number(env.MANAGEMENT_PORT) : undefined,
  remoteDirs: remoteDirsFrom(env.REMOTE_DIRS),
});

const children = processes.map(({ name, script, env: extra }) => {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...env, ...extra },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited (${signal ?? code}); stopping the others`);
      stopAll(1);
    }
  });
  return child;
});

let stopping = false;
function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 6_000).unref();
  Promise.all(
    children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.on('exit', r)))),
  ).then(() => process.exit(code));
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
console.log(
  `Distributed mode: gateway on http://localhost:${env.PORT ?? 8080}, services on ports ${Object.values(ports).join(', ')} (management ${Object.values(management).join(', ')})`,
);
