import CalendarIcon from '@mui/icons-material/CalendarToday';
import PersonIcon from '@mui/icons-material/Person';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MeetingTexts } from '@meetings/contracts';
import type { ReactNode } from 'react';
import { Section } from '../components/Section.js';
import { MeetingCopy } from '../texts.js';
import { MeetingColumns } from './MeetingColumns.js';

/** The read-only meeting page's layout, filled by ReadOnlyMeeting. */
export function MeetingLayout({
  title,
  date,
  time,
  owner,
  sharedWith,
  agenda,
  notes,
  actions,
  previous,
  links,
}: {
  title: ReactNode;
  date: ReactNode;
  time: ReactNode;
  /** Whose meeting it is: the person a reader asks about it. */
  owner: string;
  sharedWith: ReactNode;
  /** The agenda panel. */
  agenda: ReactNode;
  /** What goes in the notes panel. */
  notes: ReactNode;
  /** The actions panel. */
  actions: ReactNode;
  previous?: ReactNode;
  /** Beside the chips: what the reader may take away (the calendar file). */
  links?: ReactNode;
}) {
  return (
    <Stack spacing={2.5}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 1.5 }}>
          {title}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Chip icon={<CalendarIcon />} label={date} />
          <Chip icon={<ScheduleIcon />} label={time} />
          <Chip icon={<PersonIcon />} label={MeetingCopy.ownedBy(owner)} />
          {links}
        </Box>
      </Box>
      <Box component="section" aria-label={MeetingTexts.sharedWith}>
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          {MeetingTexts.sharedWith}
        </Typography>
        {sharedWith}
      </Box>
      <MeetingColumns
        main={
          <>
            {agenda}
            <Section title={MeetingCopy.notesHeading}>{notes}</Section>
          </>
        }
        side={
          <>
            {actions}
            {previous}
          </>
        }
      />
    </Stack>
  );
}
