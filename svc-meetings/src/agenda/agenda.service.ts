import {
  MAX_AGENDA_ITEMS,
  MeetingErrorCode,
  type AddAgendaItemBody,
  type RestoreAgendaItemBody,
  type UpdateAgendaItemBody,
  type UpdateAgendaOrderBody,
} from '@meetings/contracts';
import { Injectable } from '@nestjs/common';
import type { Caller } from '../access/caller.js';
import { ItemList } from '../items/item-list.js';
import { AgendaStore } from '../items/item-store.js';
import type { AgendaFields } from '../store/entities.js';
import type { FullMeeting } from '../store/views.js';
import { MeetingWriter } from '../writing/meeting-writer.service.js';

/** The agenda is the owner's to change (its checkboxes are read-only for everyone else). */
@Injectable()
export class AgendaService {
  private readonly items: ItemList<AgendaFields>;

  constructor(
    private readonly writer: MeetingWriter,
    store: AgendaStore,
  ) {
    this.items = new ItemList({
      store,
      notFound: MeetingErrorCode.AgendaItemNotFound,
      max: MAX_AGENDA_ITEMS,
      fromText: () => ({}),
    });
  }

  add(caller: Caller, meetingId: string, body: AddAgendaItemBody): Promise<FullMeeting> {
    return this.writer.changeOwn(caller, meetingId, async (tx) => {
      await this.items.add(tx, meetingId, body.text);
    });
  }

  restore(caller: Caller, meetingId: string, body: RestoreAgendaItemBody): Promise<FullMeeting> {
    return this.writer.changeOwn(caller, meetingId, async (tx) => {
      await this.items.restore(tx, meetingId, body);
    });
  }

  update(
    caller: Caller,
    meetingId: string,
    itemId: string,
    body: UpdateAgendaItemBody,
  ): Promise<FullMeeting> {
    return this.writer.changeOwn(caller, meetingId, (tx) =>
      this.items.update(tx, meetingId, itemId, body),
    );
  }

  reorder(caller: Caller, meetingId: string, body: UpdateAgendaOrderBody): Promise<FullMeeting> {
    return this.writer.changeOwn(caller, meetingId, (tx) =>
      this.items.reorder(tx, meetingId, body.agenda),
    );
  }

  remove(caller: Caller, meetingId: string, itemId: string): Promise<FullMeeting> {
    return this.writer.changeOwn(caller, meetingId, (tx) =>
      this.items.remove(tx, meetingId, itemId),
    );
  }
}
