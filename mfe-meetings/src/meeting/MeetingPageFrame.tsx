import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { MouseEvent, ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from '@meetings/shell-context/router';
import { cameFromList, MEETINGS_PATH } from '../paths.js';
import { MeetingCopy } from '../texts.js';

/**
 * The meeting page's column with its way back to the list, around whatever state it is in. Opened
 * from the list, the way back is the browser's Back, to the list as it was left (search, pages,
 * scroll); otherwise it opens the list.
 */
export function MeetingPageFrame({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const back = cameFromList(location.state);
  return (
    // Wide screens get room for the actions beside the notes (MeetingColumns).
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: { xs: 1000, lg: 1400 }, mx: 'auto' }}>
      <Button
        component={RouterLink}
        to={MEETINGS_PATH}
        onClick={
          back
            ? (event: MouseEvent) => {
                event.preventDefault();
                void navigate(-1);
              }
            : undefined
        }
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
