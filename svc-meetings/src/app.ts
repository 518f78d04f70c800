import 'reflect-metadata';
import { startService, type ServiceDefinition, type StartOptions } from '@meetings/service-kit';
import { MeetingsEnvSchema } from './config.js';
import { MeetingsModule } from './meetings.module.js';
import { Initial1795702146829 } from './migrations/1795702146829-Initial.js';
import { ActionAssigneeDueDate1795713461690 } from './migrations/1795713461690-ActionAssigneeDueDate.js';
import { entities } from './store/entities.js';

export const meetingsService: ServiceDefinition<typeof MeetingsEnvSchema> = {
  name: 'svc-meetings',
  schema: 'meetings',
  defaultPort: 4003,
  module: MeetingsModule,
  entities,
  migrations: [Initial1795702146829, ActionAssigneeDueDate1795713461690],
  env: MeetingsEnvSchema,
  openapi: {
    title: 'svc-meetings',
    description:
      'Meetings: sharing, agenda, notes, actions, previous actions and duplicates; action ticks and snapshots for other services.',
  },
};

export function startMeetingsService(options?: StartOptions) {
  return startService(meetingsService, options);
}
