import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MeetingMessages } from '@meetings/contracts';
import { canCreateMeetings } from '@meetings/domain';
import { PageSpinner, usePageTitle } from '@meetings/shell-context';
import { useState, type MouseEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from '@meetings/shell-context/router';
import { cameFromList, MEETINGS_PATH } from '../paths.js';
import { MeetingCopy } from '../texts.js';
import { EditableMeeting } from './EditableMeeting.js';
import { ReadOnlyMeeting } from './ReadOnlyMeeting.js';
import { createMeetingSaves, MeetingSavesContext } from './saves.js';
import type { MeetingLoad, MeetingLoadState } from './useMeetingLoad.js';

/**
 * The editable variant for the owner on trial or Premium and for editors (on the owner's plan,
 * which the server judges), the read-only variant for everyone else (and always on /readonly). An
 * unknown plan leaves the decision to the role; the server refuses edits it does not allow anyway.
 */
export function isEditable(load: Extract<MeetingLoad, { status: 'loaded' }>, readOnly: boolean) {
  if (readOnly) return false;
  if (load.meeting.role === 'editor') return true;
  if (load.meeting.role !== 'owner') return false;
  return load.plan ? canCreateMeetings(load.plan) : true;
}

function MeetingScreen({ load, readOnly }: { load: MeetingLoadState; readOnly: boolean }) {
  const { state, retry, update } = load;
  const [saves] = useState(createMeetingSaves);
  usePageTitle(state.status === 'loaded' ? state.meeting.title : MeetingCopy.pageTitle);

  if (state.status === 'loading') return <PageSpinner label={MeetingCopy.loadingLabel} />;
  if (state.status === 'not-found') {
    return (
      <Typography variant="h5" component="p" sx={{ py: 6, textAlign: 'center' }}>
        {MeetingMessages.meetingNotFound}
      </Typography>
    );
  }
  if (state.status === 'error') {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={retry}>
            {MeetingCopy.retry}
          </Button>
        }
      >
        {MeetingMessages.loadMeetingFailed}
      </Alert>
    );
  }
  return (
    <MeetingSavesContext.Provider value={saves}>
      {isEditable(state, readOnly) ? (
        <EditableMeeting meeting={state.meeting} onChange={update} />
      ) : (
        <ReadOnlyMeeting meeting={state.meeting} onChange={update} />
      )}
    </MeetingSavesContext.Provider>
  );
}

/**
 * The page of one meeting visit (MeetingRoute loads the meeting and keys the visit by id), with
 * its way back to the list around whatever state it is in. Opened from the list, the way back is
 * the browser's Back, to the list as it was left (search, pages, scroll); otherwise it opens the
 * list.
 */
function MeetingPage({ load, readOnly }: { load: MeetingLoadState; readOnly: boolean }) {
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
      <MeetingScreen load={load} readOnly={readOnly} />
    </Box>
  );
}

export default MeetingPage;
