import { Inject, Injectable } from '@nestjs/common';
import { Outbox, SERVICE_CONFIG } from '@meetings/service-kit';
import type { EntityManager } from 'typeorm';
import * as Y from 'yjs';
import type { MeetingsEnv } from '../config.js';
import { MeetingEntity } from '../store/entities.js';
import { MeetingStore } from '../store/meeting-store.js';
import { MeetingWriter } from '../writing/meeting-writer.service.js';
import { notesHtml, replaceNotes, seededState } from './notes-doc.js';

/** Transactions that bring the stored state into a room, so the room does not store it again. */
export const FROM_STORE = Symbol('stored notes');

/** The meeting's row with its notes state, locked for the transaction; undefined when gone. */
function lockWithState(tx: EntityManager, meetingId: string): Promise<MeetingEntity | null> {
  return tx
    .getRepository(MeetingEntity)
    .createQueryBuilder('m')
    .addSelect('m.notesState')
    .where('m.id = :id', { id: meetingId })
    .setLock('pessimistic_write')
    .getOne();
}

/**
 * The live notes' state in the meeting's row. A room starts from the stored state or, for notes
 * written before (or without) live editing, from their HTML, stored at once under the row's lock so
 * that two replicas opening the same room start from one history and never double the text.
 */
@Injectable()
export class LiveNotesStore {
  constructor(
    private readonly outbox: Outbox,
    private readonly meetings: MeetingStore,
    private readonly writer: MeetingWriter,
    @Inject(SERVICE_CONFIG) private readonly config: MeetingsEnv,
  ) {}

  /** The room's starting state, or null when the meeting no longer exists. */
  load(meetingId: string): Promise<Uint8Array | null> {
    return this.outbox.transaction(async (tx) => {
      const row = await lockWithState(tx, meetingId);
      if (!row) return null;
      if (row.notesState) return new Uint8Array(row.notesState);
      const state = seededState(row.notes);
      await this.meetings.update(tx, meetingId, { notesState: Buffer.from(state) });
      return state;
    });
  }

  /**
   * Stores the room (Hocuspocus calls this on its debounce): first what the row holds that the
   * room lacks (a save sent over HTTP meanwhile) merges into the room, then the merged state and
   * the HTML derived from it are written, as a notes change: the next version, `meeting.edited`.
   */
  async store(meetingId: string, doc: Y.Doc): Promise<void> {
    await this.outbox.transaction(async (tx, emit) => {
      const row = await lockWithState(tx, meetingId);
      if (!row) return;
      if (row.notesState) Y.applyUpdate(doc, row.notesState, FROM_STORE);
      const state = Buffer.from(Y.encodeStateAsUpdate(doc));
      const notes = notesHtml(doc, this.config.NOTES_IMAGES);
      if (notes === row.notes && row.notesState?.equals(state)) return;
      await this.meetings.update(tx, meetingId, { notes, notesState: state });
      // Open copies of the meeting (a viewer's page) hear of the new notes like of any edit.
      if (notes !== row.notes) await this.writer.edited(tx, emit, meetingId);
    });
  }

  /**
   * A save over HTTP that no room took (the room could not be opened): it goes into the stored
   * state as the change from what that state holds, so the room starts from it when it opens and
   * its next store keeps it, rather than writing the notes back as they were.
   */
  async saveIntoState(meetingId: string, notes: string): Promise<void> {
    await this.outbox.transaction(async (tx) => {
      const row = await lockWithState(tx, meetingId);
      if (!row?.notesState) return;
      const doc = new Y.Doc();
      Y.applyUpdate(doc, row.notesState);
      replaceNotes(doc, notes);
      await this.meetings.update(tx, meetingId, {
        notesState: Buffer.from(Y.encodeStateAsUpdate(doc)),
      });
    });
  }
}
