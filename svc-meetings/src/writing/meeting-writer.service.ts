import {
  MeetingErrorCode,
  Subjects,
  type MeetingDeleted,
  type MeetingEdited,
  type MeetingUpserted,
} from '@meetings/contracts';
import { Outbox, type Emit } from '@meetings/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MeetingAccess, type Permission } from '../access/meeting-access.service.js';
import type { Caller } from '../access/caller.js';
import { MeetingStore } from '../store/meeting-store.js';
import type { MeetingEntity } from '../store/entities.js';
import type { FullMeeting } from '../store/views.js';
import { meetingSnapshot } from '../store/views.js';

/** `emit` writes an event of the change's own in the same transaction (after the upsert's checks). */
export type MeetingWork = (tx: EntityManager, meeting: MeetingEntity, emit: Emit) => Promise<void>;

/**
 * Every change: the caller's plan asked outside any transaction (it may ask svc-subscription), the
 * meeting read once, locked, and checked (sight; for a change, role and plan), then applied in
 * one transaction with its versioned `meetings.meeting.upserted` event when it changes what other
 * services copy, so a refusal undoes both.
 */
@Injectable()
export class MeetingWriter {
  constructor(
    private readonly outbox: Outbox,
    private readonly access: MeetingAccess,
    private readonly meetings: MeetingStore,
  ) {}

  /** A change to what other services copy (title, date, sharing, actions): with its event. */
  change(
    caller: Caller,
    meetingId: string,
    permission: Permission,
    work: MeetingWork,
    refusal?: MeetingErrorCode,
  ): Promise<FullMeeting> {
    return this.apply(caller, meetingId, permission, work, refusal, true);
  }

  /**
   * A change to what only svc-meetings keeps (the notes, the agenda): versioned like any other, but
   * without the upserted event, since no field of the snapshot other services copy
   * (`meetingSnapshot`) moves: svc-actions would re-apply an index entry that stays as it was, on
   * every save of the notes. It writes the small `meetings.meeting.edited` instead, which no
   * service consumes and open copies of the meeting hear (live updates). The next upserted event
   * carries a higher version still, so the higher-version-wins rule holds.
   */
  changeOwn(caller: Caller, meetingId: string, work: MeetingWork): Promise<FullMeeting> {
    return this.apply(caller, meetingId, 'edit', work, undefined, false);
  }

  private async apply(
    caller: Caller,
    meetingId: string,
    permission: Permission,
    work: MeetingWork,
    refusal: MeetingErrorCode | undefined,
    published: boolean,
  ): Promise<FullMeeting> {
    const plan = permission === 'read' ? undefined : await this.access.editingPlan(caller);
    return this.outbox.transaction(async (tx, emit) => {
      const locked = await this.access.readable(caller, meetingId, tx);
      if (plan)
        await this.access.requireEditorWith(tx, caller, locked, plan, { permission, refusal });
      await work(tx, locked, emit);
      if (published) return this.publish(tx, emit, await this.meetings.touch(tx, meetingId));
      return this.meetings.full(tx, await this.edited(tx, emit, meetingId));
    });
  }

  /** A change to what only svc-meetings keeps: the next version, told as `meeting.edited`. */
  async edited(tx: EntityManager, emit: Emit, meetingId: string): Promise<MeetingEntity> {
    const touched = await this.meetings.touch(tx, meetingId);
    const edited: MeetingEdited = { meetingId, version: touched.version };
    emit(Subjects.MeetingEdited, edited);
    return touched;
  }

  async remove(caller: Caller, meetingId: string): Promise<void> {
    const plan = await this.access.editingPlan(caller);
    await this.outbox.transaction(async (tx, emit) => {
      const locked = await this.access.readable(caller, meetingId, tx);
      await this.access.requireEditorWith(tx, caller, locked, plan, { permission: 'own' });
      await this.meetings.remove(tx, meetingId);
      const deleted: MeetingDeleted = { meetingId, version: locked.version + 1 };
      emit(Subjects.MeetingDeleted, deleted);
    });
  }

  /** Writes the upserted event of a meeting as it now stands in this transaction. */
  async publish(tx: EntityManager, emit: Emit, meeting: MeetingEntity): Promise<FullMeeting> {
    const full = await this.meetings.full(tx, meeting);
    const upserted: MeetingUpserted = { meeting: meetingSnapshot(full.meeting, full.actions) };
    emit(Subjects.MeetingUpserted, upserted);
    return full;
  }
}
