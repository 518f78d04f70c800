import { randomUUID } from 'node:crypto';
import { MeetingErrorCode, type DuplicateMeetingBody } from '@meetings/contracts';
import { Outbox } from '@meetings/service-kit';
import { Injectable } from '@nestjs/common';
import type { Caller } from '../access/caller.js';
import { MeetingAccess } from '../access/meeting-access.service.js';
import { meetingError } from '../errors.js';
import { ActionStore, AgendaStore } from '../items/item-store.js';
import { sharedWithAssignees } from '../sharing/assignee-sharing.js';
import { MeetingStore } from '../store/meeting-store.js';
import type { MeetingEntity } from '../store/entities.js';
import type { FullMeeting } from '../store/views.js';
import { MeetingWriter } from '../writing/meeting-writer.service.js';

/**
 * The next occurrence: a copy in the same series with exactly the chosen content; moved actions
 * leave the source in the same transaction, so both meetings change (and publish) together.
 */
@Injectable()
export class DuplicateService {
  constructor(
    private readonly outbox: Outbox,
    private readonly access: MeetingAccess,
    private readonly writer: MeetingWriter,
    private readonly meetings: MeetingStore,
    private readonly agenda: AgendaStore,
    private readonly actions: ActionStore,
  ) {}

  async duplicate(
    caller: Caller,
    sourceId: string,
    options: DuplicateMeetingBody,
  ): Promise<FullMeeting> {
    const plan = await this.access.editingPlan(caller);
    return this.outbox.transaction(async (tx, emit) => {
      const source = await this.access.readable(caller, sourceId, tx);
      await this.access.requireEditorWith(tx, caller, source, plan);
      // An editor's copy is their own meeting: their own plan must allow creating it.
      if (source.ownerId !== caller.id && !plan()) throw meetingError(MeetingErrorCode.NotEntitled);
      const { agenda, actions } = await this.meetings.full(tx, source);
      const actionsCopied =
        options.actionsOption === 'all'
          ? actions
          : options.actionsOption === 'move-incomplete'
            ? actions.filter((a) => !a.completed)
            : [];
      const kept = options.includeShared
        ? sharingOfCopy(source, caller)
        : { sharedWith: [], sharedEditors: [] };
      const copyId = randomUUID();
      const copy = await this.meetings.insert(tx, {
        id: copyId,
        ownerId: caller.id,
        ownerEmail: caller.email,
        title: options.title,
        date: new Date(options.date),
        notes: options.includeNotes ? source.notes : '',
        // Copied actions keep their assignees, who must be able to see the copy.
        sharedWith: sharedWithAssignees(
          kept.sharedWith,
          caller.email,
          actionsCopied.map((action) => action.assignee),
        ),
        sharedEditors: kept.sharedEditors,
        seriesId: source.seriesId,
        // A copy is a one-off meeting of the series; only the next occurrence repeats.
        recurrence: null,
        durationMinutes: source.durationMinutes,
        timeZone: source.timeZone,
        previousOccurrenceId: null,
      });

      const agendaCopied =
        options.agendaOption === 'all' ? agenda : agenda.filter((item) => !item.completed);
      await this.agenda.insertCopies(tx, agendaCopied, copyId);
      await this.actions.insertCopies(tx, actionsCopied, copyId);

      if (options.actionsOption === 'move-incomplete' && actionsCopied.length > 0) {
        await this.actions.remove(
          tx,
          sourceId,
          actionsCopied.map((action) => action.id),
        );
        await this.writer.publish(tx, emit, await this.meetings.touch(tx, sourceId));
      }
      return this.writer.publish(tx, emit, copy);
    });
  }
}

/**
 * Who a copy is shared with, and who edits it: the source's people. An editor's copy is theirs,
 * so they leave its list and the source's owner joins it as an editor.
 */
function sharingOfCopy(
  source: Pick<MeetingEntity, 'ownerId' | 'ownerEmail' | 'sharedWith' | 'sharedEditors'>,
  caller: Pick<Caller, 'id' | 'email'>,
): Pick<MeetingEntity, 'sharedWith' | 'sharedEditors'> {
  if (source.ownerId === caller.id)
    return { sharedWith: [...source.sharedWith], sharedEditors: [...source.sharedEditors] };
  const owner = source.ownerEmail.toLowerCase();
  const others = (emails: readonly string[]) => emails.filter((email) => email !== caller.email);
  return {
    sharedWith: [...others(source.sharedWith), owner],
    sharedEditors: [...others(source.sharedEditors), owner],
  };
}
