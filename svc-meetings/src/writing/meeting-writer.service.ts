import {
  MeetingErrorCode,
  Subjects,
  type MeetingDeleted,
  type MeetingUpserted,
} from '@meetings/contracts';
import { Outbox, type Emit } from '@meetings/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { canRead, MeetingAccess, type Permission } from '../access/meeting-access.service.js';
import type { Caller } from '../access/caller.js';
import { meetingError } from '../errors.js';
import { MeetingStore } from '../store/meeting-store.js';
import type { FullMeeting, MeetingRow } from '../store/rows.js';
import { meetingSnapshot } from '../store/views.js';

export type MeetingWork = (tx: EntityManager, meeting: MeetingRow) => Promise<void>;

/**
 * Every change: authorised outside any transaction (it may ask svc-subscription), then applied in
 * one transaction with its versioned `meetings.meeting.upserted` event, so a refusal undoes both.
 */
@Injectable()
export class MeetingWriter {
  constructor(
    private readonly outbox: Outbox,
    private readonly access: MeetingAccess,
    private readonly meetings: MeetingStore,
  ) {}

  async change(
    caller: Caller,
    meetingId: string,
    permission: Permission,
    work: MeetingWork,
    refusal?: MeetingErrorCode,
  ): Promise<FullMeeting> {
    await this.access.authorize(caller, meetingId, permission, refusal);
    return this.outbox.transaction(async (tx, emit) => {
      const locked = await this.lockReadable(tx, caller, meetingId);
      await work(tx, locked);
      return this.publish(tx, emit, await this.meetings.touch(tx, meetingId));
    });
  }

  async remove(caller: Caller, meetingId: string): Promise<void> {
    await this.access.authorize(caller, meetingId, 'edit');
    await this.outbox.transaction(async (tx, emit) => {
      const locked = await this.lockReadable(tx, caller, meetingId);
      await this.meetings.remove(tx, meetingId);
      const deleted: MeetingDeleted = { meetingId, version: locked.version + 1 };
      emit(Subjects.MeetingDeleted, deleted);
    });
  }

  /** Writes the upserted event of a meeting as it now stands in this transaction. */
  async publish(tx: EntityManager, emit: Emit, meeting: MeetingRow): Promise<FullMeeting> {
    const full = await this.meetings.full(tx, meeting);
    const upserted: MeetingUpserted = { meeting: meetingSnapshot(full.meeting, full.actions) };
    emit(Subjects.MeetingUpserted, upserted);
    return full;
  }

  /** Locks the row; it may have been deleted or unshared since it was authorised. */
  async lockReadable(tx: EntityManager, caller: Caller, meetingId: string): Promise<MeetingRow> {
    const locked = await this.meetings.find(tx, meetingId, { lock: true });
    if (!locked) throw meetingError(MeetingErrorCode.NotFound);
    if (!canRead(locked, caller)) throw meetingError(MeetingErrorCode.AccessDenied);
    return locked;
  }
}
