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
import type { EntityManager } from 'typeorm';
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
    await this.indexOnce(
      event.id,
      (manager) => this.writer.upsert(manager, meeting),
      { meetingId: meeting.id, version: meeting.version },
      'meeting upsert indexed',
    );
  }

  @EventPattern(Subjects.MeetingDeleted, { durable: 'svc-actions_meeting-deleted' })
  async onDeleted(
    @Payload({ schema: envelopeOf(MeetingDeletedSchema) }) event: EventEnvelope<MeetingDeleted>,
  ): Promise<void> {
    const { meetingId, version } = event.data;
    await this.indexOnce(
      event.id,
      (manager) => this.writer.delete(manager, meetingId, version),
      { meetingId, version },
      'meeting deletion indexed',
    );
  }

  /** Applies an event's write once (the inbox drops redeliveries) and logs whether it applied. */
  private async indexOnce(
    eventId: string,
    write: (manager: EntityManager) => Promise<boolean>,
    meeting: { meetingId: string; version: number },
    message: string,
  ): Promise<void> {
    let applied = false;
    await this.outbox.consumeOnce(INDEX_CONSUMER, eventId, async (manager) => {
      applied = await write(manager);
    });
    this.logger.debug({ eventId, ...meeting, applied }, message);
  }
}
