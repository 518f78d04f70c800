import { MeetingErrorCode, type MeetingRole } from '@meetings/contracts';
import { DomainError } from '@meetings/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { EntitlementService } from '../entitlement/entitlement.service.js';
import { meetingError } from '../errors.js';
import { MeetingStore } from '../store/meeting-store.js';
import type { MeetingEntity, MeetingHead } from '../store/entities.js';
import type { Caller } from './caller.js';

/**
 * Reading covers ticking actions; editing is the meeting's content (owner and editors); owning is
 * deleting the meeting and changing who it is shared with (the owner only).
 */
export type Permission = 'read' | 'edit' | 'own';

type Sharing = Pick<MeetingHead, 'ownerId' | 'sharedWith' | 'sharedEditors'>;

/** The caller's role, or null when the meeting is not theirs to see. */
export function roleOf(meeting: Sharing, caller: Pick<Caller, 'id' | 'email'>): MeetingRole | null {
  if (meeting.ownerId === caller.id) return 'owner';
  if (!meeting.sharedWith.includes(caller.email)) return null;
  return meeting.sharedEditors.includes(caller.email) ? 'editor' : 'viewer';
}

/** The owner and the e-mails the meeting is shared with may see it (and tick its actions). */
export function canRead(meeting: Sharing, caller: Caller): boolean {
  return roleOf(meeting, caller) !== null;
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

  /** Checks sight: "Meeting not found", then "Access denied". In a transaction, the row is locked. */
  async readable(caller: Caller, meetingId: string, tx?: EntityManager): Promise<MeetingEntity> {
    const meeting = await this.meetings.find(tx ?? this.dataSource, meetingId, {
      lock: tx !== undefined,
    });
    if (!meeting) throw meetingError(MeetingErrorCode.NotFound);
    if (!canRead(meeting, caller)) throw meetingError(MeetingErrorCode.AccessDenied);
    return meeting;
  }

  /**
   * What a caller may do in a meeting's live notes: nothing (the meeting's own refusal: not found,
   * access denied), `read`, or `edit` exactly where an HTTP save of the notes would be accepted
   * (owner or editor, on a plan that edits).
   */
  async liveNotesRights(caller: Caller, meetingId: string): Promise<'read' | 'edit'> {
    // Sight first: it needs only the database, so a lost share is found even when the plan cannot be asked.
    const meeting = await this.readable(caller, meetingId);
    const plan = await this.editingPlan(caller);
    try {
      await this.requireEditorWith(this.dataSource.manager, caller, meeting, plan);
      return 'edit';
    } catch (error) {
      if (error instanceof DomainError && error.status === 403) return 'read';
      throw error;
    }
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

  /**
   * The owner edits on their own plan; an editor edits as the owner would, on the owner's plan
   * (its last known answer, read in `q`: svc-subscription answers only for the user it serves).
   * Viewers, and editors where only the owner may act, get the route's refusal or "read-only".
   */
  async requireEditorWith(
    q: EntityManager,
    caller: Caller,
    meeting: MeetingHead,
    callerPlan: () => boolean,
    { permission = 'edit', refusal }: { permission?: Permission; refusal?: MeetingErrorCode } = {},
  ): Promise<void> {
    const role = roleOf(meeting, caller);
    const mayAct = role === 'owner' || (role === 'editor' && permission === 'edit');
    if (!mayAct) throw meetingError(refusal ?? MeetingErrorCode.ReadOnly);
    const allowed =
      role === 'owner'
        ? callerPlan()
        : await this.entitlements.lastKnownAllowsEditing(q, meeting.ownerId);
    if (!allowed) throw meetingError(refusal ?? MeetingErrorCode.NotEntitled);
  }
}
