import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from '@meetings/shell-context/router';
import { MEETINGS_PATH } from '../paths.js';
import { MeetingCopy } from '../texts.js';

/** The meeting page's column with its way back to the list, around whatever state it is in. */
export function MeetingPageFrame({ children }: { children: ReactNode }) {
  return (
    // Wide screens get room for the actions beside the notes (MeetingColumns).
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: { xs: 1000, lg: 1400 }, mx: 'auto' }}>
      <Button
        component={RouterLink}
        to={MEETINGS_PATH}
        startIcon={<ArrowBackIcon />}
        size="small"
        sx={{ mb: 1 }}
      >
        {MeetingCopy.backToMeetings}
      </Button>
      {children}
    </Box>
  );
}
