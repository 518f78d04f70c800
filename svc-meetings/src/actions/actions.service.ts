import {
  MAX_ACTION_ITEMS,
  MeetingErrorCode,
  type AddActionItemBody,
  type UpdateActionItemBody,
  type UpdateActionOrderBody,
} from '@meetings/contracts';
import { parseHashtags } from '@meetings/domain';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Caller } from '../access/caller.js';
import { MeetingAccess } from '../access/meeting-access.service.js';
import { meetingError } from '../errors.js';
import { ItemList, type ItemChanges } from '../items/item-list.js';
import { ActionStore } from '../items/item-store.js';
import type { ActionFields } from '../store/entities.js';
import type { FullMeeting } from '../store/views.js';
import { MeetingWriter } from '../writing/meeting-writer.service.js';

/**
 * Actions: the owner on a paying or trial plan changes them; everyone who can see the meeting
 * ticks them. Hashtags always come from the text, whatever the client sends.
 */
@Injectable()
export class ActionsService {
  private readonly items: ItemList<ActionFields>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly access: MeetingAccess,
    private readonly writer: MeetingWriter,
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
    return this.writer.change(caller, meetingId, 'edit', (tx) =>
      this.items.add(tx, meetingId, body.text),
    );
  }

  /** A change that only ticks (values equal to the current ones count as unchanged) needs only sight of the meeting. */
  async update(
    caller: Caller,
    meetingId: string,
    itemId: string,
    body: Pick<UpdateActionItemBody, 'text' | 'completed' | 'order'>,
  ): Promise<FullMeeting> {
    await this.access.readable(caller, meetingId);
    const current = await this.items.get(this.dataSource, meetingId, itemId);
    const permission = changesMoreThanTick(current, body) ? 'edit' : 'read';
    const changes: ItemChanges = { text: body.text, completed: body.completed, order: body.order };
    return this.writer.change(caller, meetingId, permission, async (tx) => {
      const locked = await this.items.get(tx, meetingId, itemId, { lock: true });
      // Edited by its owner meanwhile: what was a tick may now be an edit.
      if (permission === 'read' && changesMoreThanTick(locked, body))
        throw meetingError(MeetingErrorCode.ReadOnly);
      await this.items.update(tx, meetingId, itemId, changes);
    });
  }

  setStatus(
    caller: Caller,
    meetingId: string,
    itemId: string,
    completed: boolean,
  ): Promise<FullMeeting> {
    return this.update(caller, meetingId, itemId, { completed });
  }

  reorder(caller: Caller, meetingId: string, body: UpdateActionOrderBody): Promise<FullMeeting> {
    return this.writer.change(caller, meetingId, 'edit', (tx) =>
      this.items.reorder(tx, meetingId, body.actions),
    );
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

function changesMoreThanTick(
  item: ActionFields,
  body: Pick<UpdateActionItemBody, 'text' | 'order'>,
): boolean {
  return (
    (body.text !== undefined && body.text !== item.text) ||
    (body.order !== undefined && body.order !== item.position)
  );
}
