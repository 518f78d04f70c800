import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG, sanitizeNotes } from '@meetings/service-kit';
import type { Caller } from '../access/caller.js';
import type { MeetingsEnv } from '../config.js';
import { MeetingStore } from '../store/meeting-store.js';
import type { FullMeeting } from '../store/views.js';
import { MeetingWriter } from '../writing/meeting-writer.service.js';

@Injectable()
export class NotesService {
  constructor(
    private readonly writer: MeetingWriter,
    private readonly meetings: MeetingStore,
    @Inject(SERVICE_CONFIG) private readonly config: MeetingsEnv,
  ) {}

  /** Stored sanitised, so every reader gets safe HTML whatever the client sent. */
  update(caller: Caller, meetingId: string, notes: string): Promise<FullMeeting> {
    const clean = sanitizeNotes(notes, this.config.NOTES_IMAGES);
    return this.writer.changeOwn(caller, meetingId, 'edit', (tx) =>
      this.meetings.update(tx, meetingId, { notes: clean }),
    );
  }
}
