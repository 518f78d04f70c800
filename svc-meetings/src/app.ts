import 'reflect-metadata';
import {
  MessagingTables1763800000000,
  startService,
  type ServiceDefinition,
  type StartOptions,
} from '@meetings/service-kit';
import { MeetingsEnvSchema } from './config.js';
import { MeetingsModule } from './meetings.module.js';
import { MeetingTables1763800000300 } from './migrations/1763800000300-meeting-tables.js';
import { MeetingTitleSearch1763800000310 } from './migrations/1763800000310-meeting-title-search.js';
import { GinIndexesWithoutPendingList1763800000320 } from './migrations/1763800000320-gin-indexes-without-pending-list.js';
import { KnownEntitlements1763800000330 } from './migrations/1763800000330-known-entitlements.js';
import { TitleSearchWithoutTrigramIndex1763800000340 } from './migrations/1763800000340-title-search-without-trigram-index.js';
import { entities } from './store/entities.js';

export const meetingsService: ServiceDefinition<typeof MeetingsEnvSchema> = {
  name: 'svc-meetings',
  schema: 'meetings',
  defaultPort: 4003,
  module: MeetingsModule,
  entities,
  migrations: [
    MessagingTables1763800000000,
    MeetingTables1763800000300,
    MeetingTitleSearch1763800000310,
    GinIndexesWithoutPendingList1763800000320,
    KnownEntitlements1763800000330,
    TitleSearchWithoutTrigramIndex1763800000340,
  ],
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
