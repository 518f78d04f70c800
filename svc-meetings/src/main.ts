import '@meetings/service-kit/node-version';
import { runStandalone } from '@meetings/service-kit';
import { meetingsService } from './app.js';

await runStandalone(meetingsService);
