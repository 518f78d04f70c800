import { Module } from '@nestjs/common';
import { MeetingAccess } from './access/meeting-access.service.js';
import { ActionStatusController } from './actions/action-status.controller.js';
import { ActionsController } from './actions/actions.controller.js';
import { ActionsService } from './actions/actions.service.js';
import { AgendaController } from './agenda/agenda.controller.js';
import { AgendaService } from './agenda/agenda.service.js';
import { DuplicateController } from './duplicate/duplicate.controller.js';
import { DuplicateService } from './duplicate/duplicate.service.js';
import { EntitlementService } from './entitlement/entitlement.service.js';
import { SubscriptionEventsController } from './entitlement/subscription-events.controller.js';
import { MeetingsExportController } from './export/meetings-export.controller.js';
import { MeetingsExportService } from './export/meetings-export.service.js';
import { ActionStore, AgendaStore } from './items/item-store.js';
import { LiveNotesRights } from './collab/live-notes.rights.js';
import { LiveNotesServer } from './collab/live-notes.server.js';
import { LiveNotesStore } from './collab/live-notes.store.js';
import { CalendarController } from './calendar/calendar.controller.js';
import { CalendarService } from './calendar/calendar.service.js';
import { LiveController } from './live/live.controller.js';
import { LiveMeetings } from './live/live-meetings.service.js';
import { MarkdownController } from './markdown/markdown.controller.js';
import { MarkdownService } from './markdown/markdown.service.js';
import { MeetingsController } from './meetings/meetings.controller.js';
import { MeetingsService } from './meetings/meetings.service.js';
import { NotesController } from './notes/notes.controller.js';
import { NotesService } from './notes/notes.service.js';
import { PreviousActionsController } from './previous-actions/previous-actions.controller.js';
import { PreviousActionsService } from './previous-actions/previous-actions.service.js';
import { RecapController } from './recap/recap.controller.js';
import { RecapService } from './recap/recap.service.js';
import { SeriesController } from './series/series.controller.js';
import { SeriesService } from './series/series.service.js';
import { SharingController } from './sharing/sharing.controller.js';
import { SharingService } from './sharing/sharing.service.js';
import { MeetingStore } from './store/meeting-store.js';
import { MeetingWriter } from './writing/meeting-writer.service.js';

@Module({
  controllers: [
    MeetingsController,
    SharingController,
    AgendaController,
    NotesController,
    ActionsController,
    ActionStatusController,
    PreviousActionsController,
    DuplicateController,
    SeriesController,
    CalendarController,
    MeetingsExportController,
    RecapController,
    MarkdownController,
    SubscriptionEventsController,
    LiveController,
  ],
  providers: [
    MeetingStore,
    AgendaStore,
    ActionStore,
    EntitlementService,
    MeetingAccess,
    MeetingWriter,
    MeetingsService,
    SharingService,
    AgendaService,
    NotesService,
    ActionsService,
    PreviousActionsService,
    DuplicateService,
    SeriesService,
    CalendarService,
    MeetingsExportService,
    RecapService,
    MarkdownService,
    LiveNotesStore,
    LiveNotesServer,
    LiveNotesRights,
    LiveMeetings,
  ],
})
export class MeetingsModule {}
