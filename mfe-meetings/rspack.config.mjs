import { createAppConfig, EXPOSED_APP, remoteByName } from '@meetings/federation';

const { name, devPort } = remoteByName('mfe_meetings');

export default createAppConfig({
  name,
  dir: import.meta.dirname,
  exposes: { [EXPOSED_APP]: './src/App.tsx' },
  port: devPort,
  // The page before its data, for the shell's server to paint inside the app frame (no JS yet).
  prerender: './src/prerender/pages.tsx',
});
