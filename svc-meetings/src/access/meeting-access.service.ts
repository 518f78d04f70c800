import { MeetingErrorCode } from '@meetings/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EntitlementService } from '../entitlement/entitlement.service.js';
import { meetingError } from '../errors.js';
import { MeetingStore } from '../store/meeting-store.js';
import type { MeetingEntity, MeetingHead } from '../store/entities.js';
import type { Caller } from './caller.js';

/** Reading covers ticking actions; editing is everything else. */
export type Permission = 'read' | 'edit';

/** The owner and the e-mails the meeting is shared with may see it (and tick its actions). */
export function canRead(
  meeting: Pick<MeetingHead, 'ownerId' | 'sharedWith'>,
  caller: Caller,
): boolean {
  return meeting.ownerId === caller.id || meeting.sharedWith.includes(caller.email);
}

/**
 * Who may do what with a meeting. A meeting that does not exist is "Meeting not found"; one the
 * caller may not see is "Access denied" and nothing else about it is told.
 */
@Injectable()
export class MeetingAccess {
  constructor(
    private readonly dataSource: DataSource,
    private readonly meetings: MeetingStore,
    private readonly entitlements: EntitlementService,
  ) {}

  async readable(caller: Caller, meetingId: string): Promise<MeetingEntity> {
    const meeting = await this.meetings.find(this.dataSource, meetingId);
    if (!meeting) throw meetingError(MeetingErrorCode.NotFound);
    if (!canRead(meeting, caller)) throw meetingError(MeetingErrorCode.AccessDenied);
    return meeting;
  }

  /**
   * Only the entitled owner changes more than a tick. May ask svc-subscription: never inside a
   * transaction. `refusal` is a route's own refusal code (deleting an action has one).
   */
  async authorize(
    caller: Caller,
    meetingId: string,
    permission: Permission,
    refusal?: MeetingErrorCode,
  ): Promise<MeetingEntity> {
    const meeting = await this.readable(caller, meetingId);
    if (permission === 'edit') await this.requireEditor(caller, meeting, refusal);
    return meeting;
  }

  async requireEditor(
    caller: Caller,
    meeting: MeetingHead,
    refusal?: MeetingErrorCode,
  ): Promise<void> {
    // The owner first: nobody else's plan needs asking.
    if (meeting.ownerId !== caller.id) throw meetingError(refusal ?? MeetingErrorCode.ReadOnly);
    this.requireEditorWith(caller, meeting, await this.editingPlan(caller), refusal);
  }

  /**
   * Whether the caller's plan allows editing, asked before a transaction (it may ask
   * svc-subscription, never inside one) so that the meeting row is read once, locked. A failure to
   * learn it counts only where the answer is needed: for the owner, after the row's own checks.
   */
  async editingPlan(caller: Caller): Promise<() => boolean> {
    try {
      const allowed = await this.entitlements.allowsEditing(caller);
      return () => allowed;
    } catch (error) {
      return () => {
        throw error;
      };
    }
  }

  /** Only the owner edits, and only on a plan that allows it (in this order of refusals). */
  requireEditorWith(
    caller: Caller,
    meeting: MeetingHead,
    allowsEditing: () => boolean,
    refusal?: MeetingErrorCode,
  ): void {
    if (meeting.ownerId !== caller.id) throw meetingError(refusal ?? MeetingErrorCode.ReadOnly);
    if (!allowsEditing()) throw meetingError(refusal ?? MeetingErrorCode.NotEntitled);
  }
}
