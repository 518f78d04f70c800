import '@meetings/service-kit/node-version';
import { runStandalone } from '@meetings/service-kit';
import { actionsService } from './app.js';

await runStandalone(actionsService);
