import '@meetings/service-kit/node-version';
import { defineConfig } from 'vitest/config';

// Fault suite: each file starts the distributed mode on private PostgreSQL, NATS and Redis and
// breaks one thing at a time. One file at a time (two CPU cores); FAULTS_PROFILE=ci is the short
// form, the default the long one.
export default defineConfig({
  resolve: { conditions: ['@meetings/source', 'node', 'default'] },
  ssr: { resolve: { conditions: ['@meetings/source', 'node', 'default'] } },
  test: {
    name: 'faults',
    include: ['faults/**/*.fault.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 240_000,
    retry: 0,
  },
});
