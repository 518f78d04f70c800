import '@meetings/service-kit/node-version';
import { runStandalone } from '@meetings/service-kit';
import { authService } from './app.js';

await runStandalone(authService);
