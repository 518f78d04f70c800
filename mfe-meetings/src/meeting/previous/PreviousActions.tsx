import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import { EmptyListText } from '../../components/EmptyListText.js';
import {
  ListMessages,
  MeetingMessages,
  MeetingTexts,
  type ActionItem,
  type PreviousActionsResponse,
} from '@meetings/contracts';
import { meetingLabel } from '@meetings/domain/dates';
import { useToast } from '@meetings/shell-context';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from '@meetings/shell-context/router';
import { useMeetingsApi } from '../../api.js';
import { ItemRows } from '../../components/ItemRows.js';
import { Section } from '../../components/Section.js';
import { meetingPath } from '../../paths.js';
import { MeetingCopy } from '../../texts.js';
import { useActionStatus } from '../actions/useActionStatus.js';

type PreviousMeeting = PreviousActionsResponse['meetings'][number];

function PreviousMeetingActions({
  meeting,
  onActions,
}: {
  meeting: PreviousMeeting;
  onActions: (meetingId: string, actions: ActionItem[]) => void;
}) {
  const setActions = useCallback(
    (actions: ActionItem[]) => onActions(meeting._id, actions),
    [onActions, meeting._id],
  );
  const setStatus = useActionStatus(meeting._id, meeting.actions, setActions);
  return (
    <Box component="li" sx={{ mb: 1.5 }}>
      <Link component={RouterLink} to={meetingPath(meeting._id)} underline="hover">
        {meetingLabel(meeting.title, meeting.date)}
      </Link>
      <ItemRows
        items={meeting.actions}
        onToggle={(action, completed) => void setStatus(action, completed)}
      />
    </Box>
  );
}

/**
 * Open actions of earlier occurrences of this meeting (docs/product.md, Recurring meetings and
 * previous actions): hidden until
 * there are some, a "Show completed" switch, a collapse toggle, links to those meetings.
 */
export function PreviousActions({ meetingId }: { meetingId: string }) {
  const api = useMeetingsApi();
  const toast = useToast();
  const [showCompleted, setShowCompleted] = useState(false);
  const [open, setOpen] = useState(true);
  const [meetings, setMeetings] = useState<PreviousMeeting[]>([]);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    api.previousActions(meetingId, showCompleted, controller.signal).then(
      ({ meetings: loaded }) => {
        if (controller.signal.aborted) return;
        const withActions = loaded.filter((meeting) => meeting.actions.length > 0);
        // Often dozens of rows with chips, arriving after the page is on screen: a transition
        // renders them in slices that yield to input instead of one long task.
        startTransition(() => {
          setMeetings(withActions);
          if (withActions.length > 0) setShown(true);
        });
      },
      () => {
        if (controller.signal.aborted) return;
        toast.error(MeetingMessages.loadPreviousActionsFailed);
      },
    );
    return () => controller.abort();
  }, [api, toast, meetingId, showCompleted]);

  const onActions = useCallback((id: string, actions: ActionItem[]) => {
    setMeetings((current) =>
      current.map((meeting) => (meeting._id === id ? { ...meeting, actions } : meeting)),
    );
  }, []);

  if (!shown) return null;

  return (
    <Section
      title={MeetingTexts.previousActions}
      action={
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <FormControlLabel
            control={
              <Switch
                size="small"
                checked={showCompleted}
                onChange={(event) => setShowCompleted(event.target.checked)}
              />
            }
            label={ListMessages.showCompleted}
          />
          <IconButton
            size="small"
            aria-expanded={open}
            aria-label={open ? MeetingCopy.collapse : MeetingCopy.expand}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          </IconButton>
        </Box>
      }
    >
      <Collapse in={open}>
        {meetings.length ? (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {meetings.map((meeting) => (
              <PreviousMeetingActions key={meeting._id} meeting={meeting} onActions={onActions} />
            ))}
          </Box>
        ) : (
          <EmptyListText>{MeetingMessages.noPreviousActions}</EmptyListText>
        )}
      </Collapse>
    </Section>
  );
}
