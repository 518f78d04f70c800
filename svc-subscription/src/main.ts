import '@meetings/service-kit/node-version';
import { runStandalone } from '@meetings/service-kit';
import { subscriptionService } from './app.js';

await runStandalone(subscriptionService);
