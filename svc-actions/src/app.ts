import 'reflect-metadata';
import { startService, type ServiceDefinition, type StartOptions } from '@meetings/service-kit';
import { indexEntities } from './action-index/index.entities.js';
import { ActionsModule } from './actions.module.js';
import { ActionsEnvSchema } from './config.js';
import { Initial1795702329306 } from './migrations/1795702329306-Initial.js';
import { ActionAssigneeDueDate1795714694401 } from './migrations/1795714694401-ActionAssigneeDueDate.js';
import { ActionAssigneeIndex1795717755863 } from './migrations/1795717755863-ActionAssigneeIndex.js';

export const actionsService: ServiceDefinition<typeof ActionsEnvSchema> = {
  name: 'svc-actions',
  schema: 'actions',
  defaultPort: 4004,
  module: ActionsModule,
  entities: indexEntities,
  migrations: [
    Initial1795702329306,
    ActionAssigneeDueDate1795714694401,
    ActionAssigneeIndex1795717755863,
  ],
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
