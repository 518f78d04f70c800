import { createAppConfig, SHELL_DEV_PORT } from '@meetings/federation';

export default createAppConfig({
  name: 'shell',
  dir: import.meta.dirname,
  isHost: true,
  port: SHELL_DEV_PORT,
});
