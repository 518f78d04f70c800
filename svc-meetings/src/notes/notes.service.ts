import { Injectable } from '@nestjs/common';
import type { Caller } from '../access/caller.js';
import { MeetingStore } from '../store/meeting-store.js';
import type { FullMeeting } from '../store/rows.js';
import { MeetingWriter } from '../writing/meeting-writer.service.js';
import { sanitizeNotes } from '@meetings/service-kit';

@Injectable()
export class NotesService {
  constructor(
    private readonly writer: MeetingWriter,
    private readonly meetings: MeetingStore,
  ) {}

  /** Stored sanitised, so every reader gets safe HTML whatever the client sent. */
  update(caller: Caller, meetingId: string, notes: string): Promise<FullMeeting> {
    const clean = sanitizeNotes(notes);
    return this.writer.changeOwn(caller, meetingId, 'edit', (tx) =>
      this.meetings.update(tx, meetingId, { notes: clean }),
    );
  }
}
