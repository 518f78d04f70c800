import '@meetings/service-kit/node-version';
import { defineConfig } from 'vitest/config';

// Browser journeys against the running product, started once by the global setup (E2E_MODE
// embedded or distributed). One file at a time: one product and one Chromium per mode, and
// `npm run test:e2e` runs the two modes at once on two CPU cores.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    // A journey walks several screens (the accessibility one scans ten with axe): about 45 s alone
    // on two slow cores, over 60 s while the other mode's journeys share them.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    retry: 0,
    // What a page shows after its remote has loaded can take seconds on two busy cores (vitest's
    // default wait is 1 s); polls that need longer still say so.
    expect: { poll: { timeout: 10_000 } },
  },
});
