import { randomUUID } from 'node:crypto';
import { isMeetingDate, MeetingErrorCode } from '@meetings/contracts';
import { Outbox } from '@meetings/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import type { Caller } from '../access/caller.js';
import { MeetingAccess } from '../access/meeting-access.service.js';
import { meetingError } from '../errors.js';
import { AgendaStore } from '../items/item-store.js';
import { MeetingStore } from '../store/meeting-store.js';
import type { FullMeeting } from '../store/views.js';
import { MeetingWriter } from '../writing/meeting-writer.service.js';
import { nextOccurrence } from './recurrence.js';

const NEXT_OCCURRENCE_KEY = 'meeting_previous_occurrence_key';

export interface NextOccurrence {
  full: FullMeeting;
  created: boolean;
}

/**
 * A series' next meeting: made once per meeting. The source row is locked while it is made, and
 * the unique previous_occurrence_id holds even if two calls get past that (a second call answers
 * the meeting the first made).
 */
@Injectable()
export class SeriesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly access: MeetingAccess,
    private readonly writer: MeetingWriter,
    private readonly meetings: MeetingStore,
    private readonly agenda: AgendaStore,
  ) {}

  async nextOccurrence(caller: Caller, meetingId: string): Promise<NextOccurrence> {
    const plan = await this.access.editingPlan(caller);
    try {
      return await this.outbox.transaction(async (tx, emit) => {
        const source = await this.access.readable(caller, meetingId, tx);
        await this.access.requireEditorWith(tx, caller, source, plan);
        const existing = await this.meetings.nextOf(tx, source.id);
        if (existing) return { full: await this.meetings.full(tx, existing), created: false };
        if (!source.recurrence) throw meetingError(MeetingErrorCode.NotRecurring);
        const date = nextOccurrence(source.recurrence, source.date, source.timeZone);
        if (!date || !isMeetingDate(date)) throw meetingError(MeetingErrorCode.SeriesEnded);

        const id = randomUUID();
        const next = await this.meetings.insert(tx, {
          id,
          ownerId: source.ownerId,
          ownerEmail: source.ownerEmail,
          title: source.title,
          date,
          notes: '',
          sharedWith: source.sharedWith,
          sharedEditors: source.sharedEditors,
          seriesId: source.seriesId,
          recurrence: source.recurrence,
          durationMinutes: source.durationMinutes,
          timeZone: source.timeZone,
          previousOccurrenceId: source.id,
        });
        const open = (await this.agenda.list(tx, [source.id])).filter((item) => !item.completed);
        await this.agenda.insertCopies(tx, open, id);
        return { full: await this.writer.publish(tx, emit, next), created: true };
      });
    } catch (error) {
      if (!isViolationOf(error, NEXT_OCCURRENCE_KEY)) throw error;
      const existing = await this.meetings.nextOf(this.dataSource, meetingId);
      if (!existing) throw error;
      return { full: await this.meetings.full(this.dataSource, existing), created: false };
    }
  }
}

function isViolationOf(error: unknown, constraint: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; constraint?: string } | undefined;
  return driverError?.code === '23505' && (driverError.constraint ?? constraint) === constraint;
}
