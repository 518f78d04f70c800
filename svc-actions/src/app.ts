import 'reflect-metadata';
import { startService, type ServiceDefinition, type StartOptions } from '@meetings/service-kit';
import { indexEntities } from './action-index/index.entities.js';
import { ActionsModule } from './actions.module.js';
import { ActionsEnvSchema } from './config.js';
import { Initial1796154848824 } from './migrations/1796154848824-Initial.js';

export const actionsService: ServiceDefinition<typeof ActionsEnvSchema> = {
  name: 'svc-actions',
  schema: 'actions',
  defaultPort: 4004,
  module: ActionsModule,
  entities: indexEntities,
  migrations: [Initial1796154848824],
  env: ActionsEnvSchema,
  openapi: {
    title: 'svc-actions',
    description:
      'The cross-meeting action index, fed by svc-meetings events: search by action text, meeting title and hashtag.',
  },
};

export function startActionsService(options?: StartOptions) {
  return startService(actionsService, options);
}
