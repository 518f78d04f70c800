import { createAppConfig, EXPOSED_APP, remoteByName } from '@meetings/federation';

const { name, devPort } = remoteByName('mfe_onboarding');

export default createAppConfig({
  name,
  dir: import.meta.dirname,
  exposes: { [EXPOSED_APP]: './src/App.tsx' },
  port: devPort,
  // The landing page as markup the shell's server puts into the HTML of / (first paint without JS).
  prerender: './src/prerender/landing.tsx',
});
