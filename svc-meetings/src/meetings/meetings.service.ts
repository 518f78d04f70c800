import { randomUUID } from 'node:crypto';
import {
  MEETING_DURATION,
  MeetingErrorCode,
  ServerMessages,
  type CreateMeetingBody,
  type ListMeetingsQuery,
  type MeetingListResponse,
  type UpdateMeetingInfoBody,
  ValidationMessages,
} from '@meetings/contracts';
import { Outbox } from '@meetings/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Caller } from '../access/caller.js';
import { MeetingAccess } from '../access/meeting-access.service.js';
import { EntitlementService } from '../entitlement/entitlement.service.js';
import { meetingError } from '../errors.js';
import { MeetingStore } from '../store/meeting-store.js';
import type { FullMeeting } from '../store/views.js';
import { meetingSummaryView } from '../store/views.js';
import { MeetingWriter } from '../writing/meeting-writer.service.js';
import { normalizeRecurrence, RecurrenceError } from '../series/recurrence.js';

function checkedRecurrence(rule: string | null): string | null {
  if (rule === null) return null;
  try {
    return normalizeRecurrence(rule);
  } catch (error) {
    if (!(error instanceof RecurrenceError)) throw error;
    throw meetingError(
      MeetingErrorCode.InvalidRecurrence,
      `${ValidationMessages.recurrenceInvalid} (${error.message})`,
    );
  }
}

@Injectable()
export class MeetingsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly access: MeetingAccess,
    private readonly entitlements: EntitlementService,
    private readonly meetings: MeetingStore,
    private readonly writer: MeetingWriter,
  ) {}

  /** One row more than the page tells whether another page exists, without counting. */
  async list(caller: Caller, query: ListMeetingsQuery): Promise<MeetingListResponse> {
    const { page, pageSize } = query;
    const rows = await this.meetings.visibleTo(this.dataSource, caller, {
      title: query.title || undefined,
      offset: (page - 1) * pageSize,
      limit: pageSize + 1,
    });
    return {
      meetings: rows.slice(0, pageSize).map((row) => meetingSummaryView(row, caller.id)),
      page,
      pageSize,
      hasMore: rows.length > pageSize,
    };
  }

  /** A new meeting starts its own series; duplicates of it join that series. */
  async create(caller: Caller, body: CreateMeetingBody): Promise<FullMeeting> {
    if (!(await this.entitlements.allowsEditing(caller))) {
      throw meetingError(MeetingErrorCode.NotEntitled, ServerMessages.notEntitledToCreate);
    }
    const id = randomUUID();
    return this.outbox.transaction(async (tx, emit) => {
      const meeting = await this.meetings.insert(tx, {
        id,
        ownerId: caller.id,
        ownerEmail: caller.email,
        title: body.title,
        date: body.date ? new Date(body.date) : new Date(),
        notes: '',
        sharedWith: [],
        sharedEditors: [],
        seriesId: id,
        recurrence: null,
        durationMinutes: MEETING_DURATION.default,
        timeZone: caller.timeZone,
        previousOccurrenceId: null,
      });
      return this.writer.publish(tx, emit, meeting);
    });
  }

  async get(caller: Caller, meetingId: string): Promise<FullMeeting> {
    return this.meetings.full(this.dataSource, await this.access.readable(caller, meetingId));
  }

  /**
   * A rule is checked before anything is written (a refused one changes nothing) and is read in
   * the owner's time zone as it is when the rule is set.
   */
  updateInfo(caller: Caller, meetingId: string, body: UpdateMeetingInfoBody): Promise<FullMeeting> {
    const recurrence =
      body.recurrence === undefined ? undefined : checkedRecurrence(body.recurrence);
    return this.writer.change(caller, meetingId, 'edit', (tx) =>
      this.meetings.update(tx, meetingId, {
        title: body.title,
        date: body.date ? new Date(body.date) : undefined,
        durationMinutes: body.durationMinutes,
        ...(recurrence === undefined ? {} : { recurrence, timeZone: caller.timeZone }),
      }),
    );
  }
}
