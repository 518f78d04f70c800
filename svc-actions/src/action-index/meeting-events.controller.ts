import {
  envelopeOf,
  MeetingDeletedSchema,
  MeetingUpsertedSchema,
  Subjects,
  type EventEnvelope,
  type MeetingDeleted,
  type MeetingUpserted,
} from '@meetings/contracts';
import { LOGGER, Outbox } from '@meetings/service-kit';
import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { Logger } from 'pino';
import { MeetingIndexWriter } from './meeting-index.writer.js';

/** The inbox name under which applied meeting events are recorded. */
export const INDEX_CONSUMER = 'svc-actions.index';

/**
 * Feeds the index from svc-meetings' durable events, the index's only source besides a rebuild.
 * The inbox drops redeliveries; the version rule in the writer makes order and duplicates that slip
 * past it harmless.
 */
@Controller()
export class MeetingEventsController {
  constructor(
    private readonly outbox: Outbox,
    private readonly writer: MeetingIndexWriter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @EventPattern(Subjects.MeetingUpserted, { durable: 'svc-actions_meeting-upserted' })
  async onUpserted(
    @Payload({ schema: envelopeOf(MeetingUpsertedSchema) }) event: EventEnvelope<MeetingUpserted>,
  ): Promise<void> {
    const { meeting } = event.data;
    let applied = false;
    await this.outbox.consumeOnce(INDEX_CONSUMER, event.id, async (manager) => {
      applied = await this.writer.upsert(manager, meeting);
    });
    this.logger.debug(
      { eventId: event.id, meetingId: meeting.id, version: meeting.version, applied },
      'meeting upsert indexed',
    );
  }

  @EventPattern(Subjects.MeetingDeleted, { durable: 'svc-actions_meeting-deleted' })
  async onDeleted(
    @Payload({ schema: envelopeOf(MeetingDeletedSchema) }) event: EventEnvelope<MeetingDeleted>,
  ): Promise<void> {
    const { meetingId, version } = event.data;
    let applied = false;
    await this.outbox.consumeOnce(INDEX_CONSUMER, event.id, async (manager) => {
      applied = await this.writer.delete(manager, meetingId, version);
    });
    this.logger.debug(
      { eventId: event.id, meetingId, version, applied },
      'meeting deletion indexed',
    );
  }
}
