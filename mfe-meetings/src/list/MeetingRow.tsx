import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { MeetingSummary } from '@meetings/contracts';
import { formatWeekdayDate } from '@meetings/domain/dates';
import { Link as RouterLink } from '@meetings/shell-context/router';
import { FROM_LIST, meetingPath } from '../paths.js';
import { AvatarStack } from './AvatarStack.js';

/** Date (weekday dd/MM/yyyy), title and people; the whole row opens the meeting. */
export function MeetingRow({ meeting }: { meeting: MeetingSummary }) {
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={meetingPath(meeting.id)}
        state={FROM_LIST}
        divider
        sx={{ gap: 2, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
      >
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ width: { sm: 190 }, flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          {formatWeekdayDate(meeting.date)}
        </Typography>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography noWrap sx={{ fontWeight: 500 }}>
            {meeting.title}
          </Typography>
        </Box>
        <AvatarStack owner={meeting.owner} sharedWith={meeting.sharedWith} />
      </ListItemButton>
    </ListItem>
  );
}
