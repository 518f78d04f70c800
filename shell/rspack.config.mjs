import { createAppConfig, SHELL_DEV_PORT } from '@meetings/federation';

export default createAppConfig({
  name: 'shell',
  dir: import.meta.dirname,
  isHost: true,
  port: SHELL_DEV_PORT,
  // `/` is public and shows no data: a page rendered once by the build, with a small script that
  // brands it. Its links lead into the app.
  staticPages: {
    landing: { render: './src/prerender/landing.tsx', script: './src/landing.ts' },
  },
});
