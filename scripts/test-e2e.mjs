#!/usr/bin/env node
// `npm run test:e2e`: the browser journeys against the built product, in the embedded mode and
// distributed (separate processes on real PostgreSQL, NATS and Redis). E2E_MODES picks modes. The
// modes run at once, each with its own product, ports, data and Chromium: their journeys wait on
// pages far more than they compute. Each mode's output is printed as one block when it ends.
import '@meetings/service-kit/node-version';
import { spawn } from 'node:child_process';

const modes = (process.env.E2E_MODES ?? 'embedded,distributed').split(',').filter(Boolean);

function run(mode) {
  console.log(`Browser tests, ${mode} mode: started`);
  return new Promise((resolve) => {
    const output = [];
    const child = spawn('npx', ['vitest', 'run', '--root', 'e2e', ...process.argv.slice(2)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, E2E_MODE: mode },
    });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(`\n=== Browser tests, ${mode} mode ===\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(modes.map(run));
process.exit(codes.find((code) => code !== 0) ?? 0);
