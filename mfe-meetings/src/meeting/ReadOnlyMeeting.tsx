import CalendarIcon from '@mui/icons-material/CalendarToday';
import PersonIcon from '@mui/icons-material/Person';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MeetingMessages, type Meeting } from '@meetings/contracts';
import { formatWeekdayDate, formatTime } from '@meetings/domain/dates';
import { ItemRows } from '../components/ItemRows.js';
import { Section } from '../components/Section.js';
import { MeetingCopy } from '../texts.js';
import { ReadOnlyActions } from './actions/ReadOnlyActions.js';
import { ReadOnlyNotes } from './notes/ReadOnlyNotes.js';
import { PreviousActions } from './previous/PreviousActions.js';
import { ExportAndPrint } from './recap/MeetingTakeaways.js';
import { MeetingColumns } from './MeetingColumns.js';
import { CalendarLink } from './series/CalendarLink.js';
import { SharedWithList } from './SharedWith.js';
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
    <Stack spacing={2.5}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 1.5 }}>
          {meeting.title}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Chip icon={<CalendarIcon />} label={formatWeekdayDate(meeting.date)} />
          <Chip icon={<ScheduleIcon />} label={formatTime(meeting.date)} />
          <Chip icon={<PersonIcon />} label={MeetingCopy.ownedBy(meeting.owner.email)} />
          <CalendarLink meetingId={meeting._id} />
          <ExportAndPrint meetingId={meeting._id} />
        </Box>
      </Box>
      <SharedWithList emails={meeting.sharedWith} />
      <MeetingColumns
        main={
          <>
            <Section title={MeetingCopy.agendaHeading}>
              <ItemRows
                items={meeting.agenda}
                label={MeetingCopy.agendaHeading}
                empty={MeetingMessages.noAgendaItems}
              />
            </Section>
            <Section title={MeetingCopy.notesHeading}>
              <ReadOnlyNotes notes={meeting.notes} />
            </Section>
          </>
        }
        side={
          <>
            <ReadOnlyActions meeting={meeting} onChange={onChange} />
            <PreviousActions meetingId={meeting._id} />
          </>
        }
      />
    </Stack>
  );
}
