import '@meetings/service-kit/node-version';
import { defineConfig } from 'vitest/config';

// `npm test` runs every package's unit and integration tests (embedded database and bus, no
// services needed). Browser tests live in e2e/ and run with `npm run test:e2e`.
export default defineConfig({
  test: {
    projects: ['libs/*', 'svc-*', 'gateway', 'shell', 'mfe-*', 'embedded'],
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
