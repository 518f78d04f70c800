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
 * Feeds the index from svc-meetings' durable events. The inbox drops redeliveries; the version
 * rule in the writer makes order and duplicates that slip past it harmless. An upsert whose version
 * the index already holds (or passed) is dropped before any transaction, unrecorded: whenever it
 * comes again, it is dropped again.
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
    // Most often the index has this version already: a tick through svc-actions applies
    // svc-meetings' answer at once, and its event follows. The version rule would refuse it anyway;
    // one read spares the transaction that would record it and refuse it.
    if (await this.writer.holds(meeting.id, meeting.version)) {
      this.logger.debug(
        { eventId: event.id, meetingId: meeting.id, version: meeting.version },
        'meeting upsert already indexed',
      );
      return;
    }
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
