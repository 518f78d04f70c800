import 'reflect-metadata';
import { startService, type ServiceDefinition, type StartOptions } from '@meetings/service-kit';
import { Initial1796154887841 } from './migrations/1796154887841-Initial.js';
import { MeetingsEnvSchema } from './config.js';
import { MeetingsModule } from './meetings.module.js';
import { entities } from './store/entities.js';

export const meetingsService: ServiceDefinition<typeof MeetingsEnvSchema> = {
  name: 'svc-meetings',
  schema: 'meetings',
  defaultPort: 4003,
  module: MeetingsModule,
  entities,
  migrations: [Initial1796154887841],
  env: MeetingsEnvSchema,
  cache: true,
  openapi: {
    title: 'svc-meetings',
    description:
      'Meetings: sharing, agenda, notes, actions, previous actions, duplicates and series; calendar files and feeds; action ticks and snapshots for other services.',
  },
};

export function startMeetingsService(options?: StartOptions) {
  return startService(meetingsService, options);
}
