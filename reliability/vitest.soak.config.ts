import '@meetings/service-kit/node-version';
import { defineConfig } from 'vitest/config';

// Load and soak: many simulated users against the distributed mode on the machine's servers.
// SOAK_PROFILE=ci runs the short form, the default the 15-minute one.
export default defineConfig({
  resolve: { conditions: ['@meetings/source', 'node', 'default'] },
  ssr: { resolve: { conditions: ['@meetings/source', 'node', 'default'] } },
  test: {
    name: 'soak',
    include: ['soak/**/*.soak.ts'],
    fileParallelism: false,
    testTimeout: 3_600_000,
    hookTimeout: 300_000,
    retry: 0,
  },
});
