import {
  MAX_SHARED_WITH,
  MeetingErrorCode,
  Subjects,
  type MeetingShared,
  type ShareRole,
} from '@meetings/contracts';
import { Injectable } from '@nestjs/common';
import type { Caller } from '../access/caller.js';
import { meetingError } from '../errors.js';
import { MeetingStore } from '../store/meeting-store.js';
import type { FullMeeting } from '../store/views.js';
import { MeetingWriter } from '../writing/meeting-writer.service.js';

/** The shared-with list: trimmed, lower-case e-mails (the body schema normalises them), each once. */
@Injectable()
export class SharingService {
  constructor(
    private readonly writer: MeetingWriter,
    private readonly meetings: MeetingStore,
  ) {}

  /**
   * Shares with a new address as `role` (a viewer unless told); with a role, an address already
   * shared takes that role instead of being refused.
   */
  share(caller: Caller, meetingId: string, email: string, role?: ShareRole): Promise<FullMeeting> {
    return this.writer.change(caller, meetingId, 'own', async (tx, meeting, emit) => {
      if (email === meeting.ownerEmail.toLowerCase())
        throw meetingError(MeetingErrorCode.EmailIsOwner);
      if (meeting.sharedWith.includes(email)) {
        if (!role) throw meetingError(MeetingErrorCode.EmailAlreadyShared);
        await this.meetings.update(tx, meetingId, {
          sharedEditors: withRole(meeting.sharedEditors, email, role),
        });
        return;
      }
      if (meeting.sharedWith.length >= MAX_SHARED_WITH)
        throw meetingError(MeetingErrorCode.TooManyItems);
      await this.meetings.update(tx, meetingId, {
        sharedWith: [...meeting.sharedWith, email],
        sharedEditors: withRole(meeting.sharedEditors, email, role ?? 'viewer'),
      });
      // The new address hears about it (svc-auth mails an invitation).
      const shared: MeetingShared = {
        meetingId,
        meetingTitle: meeting.title,
        ownerEmail: meeting.ownerEmail.toLowerCase(),
        sharedWith: email,
      };
      emit(Subjects.MeetingShared, shared);
    });
  }

  unshare(caller: Caller, meetingId: string, email: string): Promise<FullMeeting> {
    return this.writer.change(caller, meetingId, 'own', async (tx, meeting) => {
      if (!meeting.sharedWith.includes(email)) throw meetingError(MeetingErrorCode.EmailNotShared);
      await this.meetings.update(tx, meetingId, {
        sharedWith: meeting.sharedWith.filter((shared) => shared !== email),
        sharedEditors: withRole(meeting.sharedEditors, email, 'viewer'),
      });
    });
  }
}

function withRole(editors: readonly string[], email: string, role: ShareRole): string[] {
  const others = editors.filter((editor) => editor !== email);
  return role === 'editor' ? [...others, email] : others;
}
