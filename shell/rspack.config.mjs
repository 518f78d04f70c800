import { createAppConfig, SHELL_DEV_PORT } from '@meetings/federation';

export default createAppConfig({
  name: 'shell',
  dir: import.meta.dirname,
  isHost: true,
  port: SHELL_DEV_PORT,
  // `/` is public and shows no data: its HTML is rendered once by the build.
  prerendered: { 'landing.html': './src/prerender/landing.tsx' },
});
