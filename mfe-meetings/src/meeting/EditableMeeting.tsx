import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MeetingTexts, type Meeting } from '@meetings/contracts';
import { useLocation } from '@meetings/shell-context/router';
import { lazy, Suspense, useState } from 'react';
import { isNewMeeting } from '../paths.js';
import { ActionsPanel } from './actions/ActionsPanel.js';
import { AgendaPanel } from './agenda/AgendaPanel.js';
import { DeleteMeetingButton } from './DeleteMeetingButton.js';
import { MeetingColumns } from './MeetingColumns.js';
import { MeetingDateTime } from './MeetingDateTime.js';
import { NotesSection } from './notes/NotesSection.js';
import { PreviousActions } from './previous/PreviousActions.js';
import { ExportAndPrint, SendRecapButton } from './recap/MeetingTakeaways.js';
import { SeriesControls } from './series/SeriesControls.js';
import { SharedWith, SharedWithList } from './SharedWith.js';
import { TitleField } from './TitleField.js';
import type { MeetingPatch } from './useMeetingLoad.js';

// The dialog (radio groups, MUI's dialog) loads when asked for, not with the page.
const DuplicateDialog = lazy(() =>
  import('./DuplicateDialog.js').then((m) => ({ default: m.DuplicateDialog })),
);

/** The editable variant, for an owner on trial or Premium and for editors. */
export function EditableMeeting({
  meeting,
  onChange,
}: {
  meeting: Meeting;
  onChange: (patch: MeetingPatch) => void;
}) {
  const [duplicating, setDuplicating] = useState(false);
  // Only the owner deletes the meeting and changes who it is shared with.
  const owner = meeting.role === 'owner';
  // A meeting just created already has its title: the agenda is what comes next.
  const location = useLocation();
  const [justCreated] = useState(() => isNewMeeting(location.state));
  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1, minWidth: 240 }}>
          <TitleField meeting={meeting} onChange={onChange} />
        </Box>
        <SendRecapButton meeting={meeting} />
        <ExportAndPrint meetingId={meeting._id} />
        <Button startIcon={<ContentCopyIcon />} onClick={() => setDuplicating(true)}>
          {MeetingTexts.duplicateMeeting}
        </Button>
        {owner ? <DeleteMeetingButton meetingId={meeting._id} /> : null}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <MeetingDateTime meeting={meeting} onChange={onChange} />
        <SeriesControls meeting={meeting} onChange={onChange} />
      </Box>
      {owner ? (
        <SharedWith meeting={meeting} onChange={onChange} />
      ) : (
        <SharedWithList emails={meeting.sharedWith} roles={meeting.sharedRoles} />
      )}
      <MeetingColumns
        main={
          <>
            <AgendaPanel meeting={meeting} onChange={onChange} autoFocus={justCreated} />
            <NotesSection meetingId={meeting._id} notes={meeting.notes} />
          </>
        }
        side={
          <>
            <ActionsPanel meeting={meeting} onChange={onChange} />
            <PreviousActions meetingId={meeting._id} />
          </>
        }
      />
      {duplicating ? (
        <Suspense fallback={null}>
          <DuplicateDialog meeting={meeting} onClose={() => setDuplicating(false)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
