import { RECAP_NOTES_MAX_LENGTH, type RecapRequested } from '@meetings/contracts';
import { recapRecipients } from '@meetings/domain';
import { sanitizeNotes } from '@meetings/service-kit';
import type { FullMeeting } from '../store/views.js';

/** What svc-auth needs to write the recap mail: the meeting as it stands, in order. */
export function recapEvent(
  full: FullMeeting,
  sender: { email: string; timeZone: string },
): RecapRequested {
  const { meeting } = full;
  // Mail clients block images (and inline ones would swell the event): the text is what counts.
  const notes = sanitizeNotes(meeting.notes, 'none');
  const notesOmitted = notes.length > RECAP_NOTES_MAX_LENGTH;
  return {
    meetingId: meeting.id,
    title: meeting.title,
    date: meeting.date.toISOString(),
    timeZone: sender.timeZone,
    ownerEmail: meeting.ownerEmail.toLowerCase(),
    sentBy: sender.email,
    recipients: recapRecipients(meeting.ownerEmail, meeting.sharedWith),
    // The stores list items in their order.
    agenda: full.agenda.map((item) => ({
      text: item.text,
      completed: item.completed,
    })),
    notes: notesOmitted ? '' : notes,
    notesOmitted,
    actions: full.actions.map((action) => ({
      text: action.text,
      completed: action.completed,
      assignee: action.assignee,
      dueDate: action.dueDate,
    })),
  };
}
