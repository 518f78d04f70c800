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
import { MeetingsController } from './meetings/meetings.controller.js';
import { MeetingsService } from './meetings/meetings.service.js';
import { NotesController } from './notes/notes.controller.js';
import { NotesService } from './notes/notes.service.js';
import { PreviousActionsController } from './previous-actions/previous-actions.controller.js';
import { PreviousActionsService } from './previous-actions/previous-actions.service.js';
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
    MeetingsExportController,
    SubscriptionEventsController,
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
    MeetingsExportService,
  ],
})
export class MeetingsModule {}
