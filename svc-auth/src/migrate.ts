import '@meetings/service-kit/node-version';
import { runMigrationsOnly } from '@meetings/service-kit';
import { authService } from './app.js';

// `node dist/migrate.js`: the migration Job (deploy/k8s) runs this before a rollout.
await runMigrationsOnly(authService);
