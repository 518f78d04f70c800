import '@meetings/service-kit/node-version';
import { ConfigError } from '@meetings/service-kit';
import { startGateway } from './app.js';
import { loadGatewayConfig } from './config.js';

try {
  const gateway = await startGateway(loadGatewayConfig());
  const stop = () => void gateway.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} catch (error) {
  console.error(error instanceof ConfigError ? `gateway: ${error.message}` : error);
  process.exit(1);
}
