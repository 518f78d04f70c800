import { Module } from '@nestjs/common';
import { IndexRebuildController } from './action-index/index-rebuild.controller.js';
import { IndexRebuildService } from './action-index/index-rebuild.service.js';
import { MeetingEventsController } from './action-index/meeting-events.controller.js';
import { MeetingIndexWriter } from './action-index/meeting-index.writer.js';
import { ActionsController } from './actions/actions.controller.js';
import { ActionsSearchService } from './actions/actions-search.service.js';
import { DigestController } from './digest/digest.controller.js';
import { DigestService } from './digest/digest.service.js';

@Module({
  controllers: [
    ActionsController,
    MeetingEventsController,
    IndexRebuildController,
    DigestController,
  ],
  providers: [MeetingIndexWriter, IndexRebuildService, ActionsSearchService, DigestService],
})
export class ActionsModule {}
