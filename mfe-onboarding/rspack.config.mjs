import { createAppConfig, EXPOSED_APP, remoteByName } from '@meetings/federation';

const { name, devPort } = remoteByName('mfe_onboarding');

export default createAppConfig({
  name,
  dir: import.meta.dirname,
  exposes: { [EXPOSED_APP]: './src/App.tsx' },
  port: devPort,
});
