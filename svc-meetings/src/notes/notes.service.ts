import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG, sanitizeNotes } from '@meetings/service-kit';
import type { Caller } from '../access/caller.js';
import { LiveNotesServer } from '../collab/live-notes.server.js';
import type { MeetingsEnv } from '../config.js';
import { MeetingStore } from '../store/meeting-store.js';
import type { FullMeeting } from '../store/views.js';
import { MeetingWriter } from '../writing/meeting-writer.service.js';

@Injectable()
export class NotesService {
  constructor(
    private readonly writer: MeetingWriter,
    private readonly meetings: MeetingStore,
    private readonly rooms: LiveNotesServer,
    @Inject(SERVICE_CONFIG) private readonly config: MeetingsEnv,
  ) {}

  /**
   * Stored sanitised, so every reader gets safe HTML whatever the client sent. Notes edited live
   * take the save as a change of their shared state, which reaches the people in the room.
   */
  async update(caller: Caller, meetingId: string, notes: string): Promise<FullMeeting> {
    const clean = sanitizeNotes(notes, this.config.NOTES_IMAGES);
    let live = false;
    const saved = await this.writer.changeOwn(caller, meetingId, async (tx) => {
      const stored = await this.meetings.writeNotes(tx, meetingId, clean);
      live = stored.live || this.rooms.isOpen(meetingId);
    });
    // A failure here fails the request: the caller's retry brings the save into the room.
    if (live) await this.rooms.applySave(meetingId, clean);
    return saved;
  }
}
