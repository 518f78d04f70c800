import { randomUUID } from 'node:crypto';
import {
  MeetingErrorCode,
  ServerMessages,
  type CreateMeetingBody,
  type ListMeetingsQuery,
  type MeetingListResponse,
  type UpdateMeetingInfoBody,
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
        seriesId: id,
      });
      return this.writer.publish(tx, emit, meeting);
    });
  }

  async get(caller: Caller, meetingId: string): Promise<FullMeeting> {
    return this.meetings.full(this.dataSource, await this.access.readable(caller, meetingId));
  }

  updateInfo(caller: Caller, meetingId: string, body: UpdateMeetingInfoBody): Promise<FullMeeting> {
    return this.writer.change(caller, meetingId, 'edit', (tx) =>
      this.meetings.update(tx, meetingId, {
        title: body.title,
        date: body.date ? new Date(body.date) : undefined,
      }),
    );
  }

  remove(caller: Caller, meetingId: string): Promise<void> {
    return this.writer.remove(caller, meetingId);
  }
}
