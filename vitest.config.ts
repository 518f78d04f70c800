import '@meetings/service-kit/node-version';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `npm test` runs every package's unit and integration tests (embedded database and bus, no
// services needed). Browser tests live in e2e/ and run with `npm run test:e2e`.
export default defineConfig({
  test: {
    projects: ['libs/*', 'svc-*', 'gateway', 'shell', 'mfe-*', 'embedded'],
    // One worker per core (vitest's default keeps one core for itself): the test files wait on
    // their databases and sockets about as long as they compute, and the main process does little.
    maxWorkers: availableParallelism(),
  },
});
