import {
  MAX_ACTION_ITEMS,
  MeetingErrorCode,
  Subjects,
  type ActionAssigned,
  type AddActionItemBody,
  type RestoreActionItemBody,
  type UpdateActionItemBody,
  type UpdateActionOrderBody,
} from '@meetings/contracts';
import { parseHashtags } from '@meetings/domain';
import type { Emit } from '@meetings/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Caller } from '../access/caller.js';
import { MeetingAccess } from '../access/meeting-access.service.js';
import { meetingError } from '../errors.js';
import { ItemList } from '../items/item-list.js';
import { ActionStore } from '../items/item-store.js';
import { sharedWithAssignees } from '../sharing/assignee-sharing.js';
import type { ActionFields, MeetingEntity } from '../store/entities.js';
import { MeetingStore } from '../store/meeting-store.js';
import type { FullMeeting } from '../store/views.js';
import { MeetingWriter } from '../writing/meeting-writer.service.js';

type Accountability = Pick<ActionFields, 'assignee' | 'dueDate'>;

/**
 * Actions: the owner on a paying or trial plan changes them (assignee and due date too); everyone
 * who can see the meeting ticks them. Hashtags always come from the text, whatever the client
 * sends. An assignee who could not see the meeting is added to its shared list in the same change.
 */
@Injectable()
export class ActionsService {
  private readonly items: ItemList<ActionFields>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly access: MeetingAccess,
    private readonly writer: MeetingWriter,
    private readonly meetings: MeetingStore,
    store: ActionStore,
  ) {
    this.items = new ItemList({
      store,
      notFound: MeetingErrorCode.ActionItemNotFound,
      max: MAX_ACTION_ITEMS,
      fromText: (text) => ({ hashtags: parseHashtags(text) }),
    });
  }

  add(caller: Caller, meetingId: string, body: AddActionItemBody): Promise<FullMeeting> {
    const fields = accountability(body);
    return this.writer.change(caller, meetingId, 'edit', async (tx, meeting, emit) => {
      const actionId = await this.items.add(tx, meetingId, body.text, fields);
      await this.shareWithAssignee(tx, meeting, fields.assignee);
      announceAssignment(emit, caller, meeting, { id: actionId, text: body.text }, fields.assignee);
    });
  }

  /**
   * A deleted action back as it was ("Undo"). Its assignee is not told again: they were told
   * when it was first assigned.
   */
  restore(caller: Caller, meetingId: string, body: RestoreActionItemBody): Promise<FullMeeting> {
    const fields = accountability(body);
    return this.writer.change(caller, meetingId, 'edit', async (tx, meeting) => {
      await this.items.restore(tx, meetingId, body, fields);
      await this.shareWithAssignee(tx, meeting, fields.assignee);
    });
  }

  /** A change that only ticks (values equal to the current ones count as unchanged) needs only sight of the meeting. */
  async update(
    caller: Caller,
    meetingId: string,
    itemId: string,
    body: Pick<UpdateActionItemBody, 'text' | 'completed' | 'order' | 'assignee' | 'dueDate'>,
  ): Promise<FullMeeting> {
    await this.access.readable(caller, meetingId);
    const current = await this.items.get(this.dataSource, meetingId, itemId);
    const permission = changesMoreThanTick(current, body) ? 'edit' : 'read';
    const fields = accountability(body);
    return this.writer.change(caller, meetingId, permission, async (tx, meeting, emit) => {
      const locked = await this.items.get(tx, meetingId, itemId, { lock: true });
      // Edited by its owner meanwhile: what was a tick may now be an edit.
      if (permission === 'read' && changesMoreThanTick(locked, body))
        throw meetingError(MeetingErrorCode.ReadOnly);
      await this.items.update(tx, meetingId, itemId, body, fields);
      if (fields.assignee !== undefined && fields.assignee !== locked.assignee) {
        await this.shareWithAssignee(tx, meeting, fields.assignee);
        const text = body.text ?? locked.text;
        announceAssignment(emit, caller, meeting, { id: itemId, text }, fields.assignee);
      }
    });
  }

  reorder(caller: Caller, meetingId: string, body: UpdateActionOrderBody): Promise<FullMeeting> {
    return this.writer.change(caller, meetingId, 'edit', (tx) =>
      this.items.reorder(tx, meetingId, body.actions),
    );
  }

  /** The assignee must be able to see what they owe: the owner can, anyone else is shared with. */
  private async shareWithAssignee(
    tx: EntityManager,
    meeting: MeetingEntity,
    assignee: string | null | undefined,
  ): Promise<void> {
    const sharedWith = sharedWithAssignees(meeting.sharedWith, meeting.ownerEmail, [assignee]);
    if (sharedWith.length === meeting.sharedWith.length) return;
    await this.meetings.update(tx, meeting.id, { sharedWith });
  }

  remove(caller: Caller, meetingId: string, itemId: string): Promise<FullMeeting> {
    return this.writer.change(
      caller,
      meetingId,
      'edit',
      (tx) => this.items.remove(tx, meetingId, itemId),
      MeetingErrorCode.ActionPermissionDenied,
    );
  }
}

/** Tells the new assignee (svc-auth mails them), unless they assigned the action to themselves. */
function announceAssignment(
  emit: Emit,
  caller: Caller,
  meeting: MeetingEntity,
  action: { id: string; text: string },
  assignee: string | null | undefined,
): void {
  if (!assignee || assignee === caller.email) return;
  const event: ActionAssigned = {
    meetingId: meeting.id,
    meetingTitle: meeting.title,
    actionId: action.id,
    text: action.text,
    assignee,
    assignedBy: caller.email,
  };
  emit(Subjects.ActionAssigned, event);
}

/** The assignee and due date a body sets (null clears; absent leaves them as they are). */
function accountability(
  body: Pick<UpdateActionItemBody, 'assignee' | 'dueDate'>,
): Partial<Accountability> {
  return {
    ...(body.assignee !== undefined ? { assignee: body.assignee } : {}),
    ...(body.dueDate !== undefined ? { dueDate: body.dueDate } : {}),
  };
}

function changesMoreThanTick(
  item: ActionFields,
  body: Pick<UpdateActionItemBody, 'text' | 'order' | 'assignee' | 'dueDate'>,
): boolean {
  return (
    (body.text !== undefined && body.text !== item.text) ||
    (body.order !== undefined && body.order !== item.position) ||
    (body.assignee !== undefined && body.assignee !== item.assignee) ||
    (body.dueDate !== undefined && body.dueDate !== item.dueDate)
  );
}
