import 'reflect-metadata';
import { startService, type ServiceDefinition, type StartOptions } from '@meetings/service-kit';
import { MeetingsEnvSchema } from './config.js';
import { MeetingsModule } from './meetings.module.js';
import { Initial1795702146829 } from './migrations/1795702146829-Initial.js';
import { ActionAssigneeDueDate1795713461690 } from './migrations/1795713461690-ActionAssigneeDueDate.js';
import { SharedEditors1795739275935 } from './migrations/1795739275935-SharedEditors.js';
import { SeriesAndCalendarFeeds1795739437463 } from './migrations/1795739437463-SeriesAndCalendarFeeds.js';
import { RecapSentAt1795741000000 } from './migrations/1795741000000-RecapSentAt.js';
import { NotesState1795751342348 } from './migrations/1795751342348-NotesState.js';
import { entities } from './store/entities.js';

export const meetingsService: ServiceDefinition<typeof MeetingsEnvSchema> = {
  name: 'svc-meetings',
  schema: 'meetings',
  defaultPort: 4003,
  module: MeetingsModule,
  entities,
  migrations: [
    Initial1795702146829,
    ActionAssigneeDueDate1795713461690,
    SharedEditors1795739275935,
    SeriesAndCalendarFeeds1795739437463,
    RecapSentAt1795741000000,
    NotesState1795751342348,
  ],
  env: MeetingsEnvSchema,
  openapi: {
    title: 'svc-meetings',
    description:
      'Meetings: sharing, agenda, notes, actions, previous actions, duplicates and series; calendar files and feeds; action ticks and snapshots for other services.',
  },
};

export function startMeetingsService(options?: StartOptions) {
  return startService(meetingsService, options);
}
