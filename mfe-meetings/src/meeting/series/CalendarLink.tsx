import EventIcon from '@mui/icons-material/Event';
import Button from '@mui/material/Button';
import { meetingUrl } from '../../api.js';
import { SeriesCopy } from '../../texts.js';

/** "Add to calendar": the meeting's .ics, for anyone who may read the meeting. */
export function CalendarLink({ meetingId }: { meetingId: string }) {
  return (
    <Button
      component="a"
      href={meetingUrl(meetingId, 'calendar.ics')}
      download="meeting.ics"
      startIcon={<EventIcon />}
    >
      {SeriesCopy.addToCalendar}
    </Button>
  );
}
