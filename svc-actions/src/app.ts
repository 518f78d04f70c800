import 'reflect-metadata';
import {
  MessagingTables1763800000000,
  startService,
  type ServiceDefinition,
  type StartOptions,
} from '@meetings/service-kit';
import { indexEntities } from './action-index/index.entities.js';
import { ActionsModule } from './actions.module.js';
import { ActionsEnvSchema } from './config.js';
import { ActionIndex1763800000400 } from './migrations/1763800000400-action-index.js';
import { ActionSearchRows1763800000410 } from './migrations/1763800000410-action-search-rows.js';
import { ActionReaderIndexes1763800000420 } from './migrations/1763800000420-action-reader-indexes.js';
import { MeetingReaders1763800000430 } from './migrations/1763800000430-meeting-readers.js';

export const actionsService: ServiceDefinition<typeof ActionsEnvSchema> = {
  name: 'svc-actions',
  schema: 'actions',
  defaultPort: 4004,
  module: ActionsModule,
  entities: indexEntities,
  migrations: [
    MessagingTables1763800000000,
    ActionIndex1763800000400,
    ActionSearchRows1763800000410,
    ActionReaderIndexes1763800000420,
    MeetingReaders1763800000430,
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
