import { MeetingMessages, type Meeting } from '@meetings/contracts';
import { formatWeekdayDate, formatTime } from '@meetings/domain/dates';
import { EmptyListText } from '../components/EmptyListText.js';
import { ReadOnlyActions } from './actions/ReadOnlyActions.js';
import { ReadOnlyAgenda } from './agenda/ReadOnlyAgenda.js';
import { ReadOnlyNotes } from './notes/ReadOnlyNotes.js';
import { PreviousActions } from './previous/PreviousActions.js';
import { ExportAndPrint } from './recap/MeetingTakeaways.js';
import { EmailChips } from './EmailChips.js';
import { MeetingLayout } from './MeetingLayout.js';
import { CalendarLink } from './series/CalendarLink.js';
import type { MeetingPatch } from './useMeetingLoad.js';

/** The read-only variant: for people it is shared with, and for owners on the free tier. */
export function ReadOnlyMeeting({
  meeting,
  onChange,
}: {
  meeting: Meeting;
  onChange: (patch: MeetingPatch) => void;
}) {
  return (
    <MeetingLayout
      title={meeting.title}
      date={formatWeekdayDate(meeting.date)}
      time={formatTime(meeting.date)}
      owner={meeting.owner.email}
      sharedWith={
        meeting.sharedWith.length ? (
          <EmailChips emails={meeting.sharedWith} />
        ) : (
          <EmptyListText>{MeetingMessages.notSharedWithAnyone}</EmptyListText>
        )
      }
      agenda={<ReadOnlyAgenda agenda={meeting.agenda} />}
      notes={<ReadOnlyNotes notes={meeting.notes} />}
      actions={<ReadOnlyActions meeting={meeting} onChange={onChange} />}
      previous={<PreviousActions meetingId={meeting._id} />}
      links={
        <>
          <CalendarLink meetingId={meeting._id} />
          <ExportAndPrint meetingId={meeting._id} />
        </>
      }
    />
  );
}
