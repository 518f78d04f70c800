import CalendarIcon from '@mui/icons-material/CalendarToday';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MeetingMessages, MeetingTexts, type Meeting } from '@meetings/contracts';
import { formatLongDate, formatTime } from '@meetings/domain';
import { Section } from '../components/Section.js';
import { MeetingCopy } from '../texts.js';
import { ReadOnlyActions } from './actions/ReadOnlyActions.js';
import { ReadOnlyAgenda } from './agenda/ReadOnlyAgenda.js';
import { ReadOnlyNotes } from './notes/ReadOnlyNotes.js';
import { PreviousActions } from './previous/PreviousActions.js';
import { EmailChips } from './EmailChips.js';
import type { MeetingPatch } from './useMeetingLoad.js';

/** Spec §2 read-only variant: for people it is shared with, and for owners on the free tier. */
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
          <Chip icon={<CalendarIcon />} label={formatLongDate(meeting.date)} />
          <Chip icon={<ScheduleIcon />} label={formatTime(meeting.date)} />
        </Box>
      </Box>
      <Box component="section" aria-label={MeetingTexts.sharedWith}>
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          {MeetingTexts.sharedWith}
        </Typography>
        {meeting.sharedWith.length ? (
          <EmailChips emails={meeting.sharedWith} />
        ) : (
          <Typography color="text.secondary">{MeetingMessages.notSharedWithAnyone}</Typography>
        )}
      </Box>
      <ReadOnlyAgenda agenda={meeting.agenda} />
      <Section title={MeetingCopy.notesHeading}>
        <ReadOnlyNotes notes={meeting.notes} />
      </Section>
      <ReadOnlyActions meeting={meeting} onChange={onChange} />
      <PreviousActions meetingId={meeting._id} />
    </Stack>
  );
}
