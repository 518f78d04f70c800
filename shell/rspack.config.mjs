import { createAppConfig, SHELL_DEV_PORT } from '@meetings/federation';

export default createAppConfig({
  name: 'shell',
  dir: import.meta.dirname,
  isHost: true,
  port: SHELL_DEV_PORT,
  // The app bar around /app pages, for the server to paint with the page before the JS arrives.
  prerender: './src/prerender/frame.tsx',
});
