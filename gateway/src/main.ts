import '@meetings/service-kit/node-version';
import { exitOnStartFailure } from '@meetings/service-kit';
import { startGateway } from './app.js';
import { loadGatewayConfig } from './config.js';

try {
  const gateway = await startGateway(loadGatewayConfig());
  const stop = () => void gateway.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} catch (error) {
  exitOnStartFailure('gateway', error);
}
