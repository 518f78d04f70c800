import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MeetingTexts, type Meeting } from '@meetings/contracts';
import { PageSpinner } from '@meetings/shell-context';
import { lazy, Suspense, useState } from 'react';
import { Section } from '../components/Section.js';
import { MeetingCopy } from '../texts.js';
import { ActionsPanel } from './actions/ActionsPanel.js';
import { AgendaPanel } from './agenda/AgendaPanel.js';
import { DeleteMeetingButton } from './DeleteMeetingButton.js';
import { DuplicateDialog } from './DuplicateDialog.js';
import { MeetingDateTime } from './MeetingDateTime.js';
import { PreviousActions } from './previous/PreviousActions.js';
import { SharedWith } from './SharedWith.js';
import { TitleField } from './TitleField.js';
import type { MeetingPatch } from './useMeetingLoad.js';

// Quill is loaded with the editor, only on a meeting page that can edit notes.
const NotesEditor = lazy(() => import('./notes/NotesEditor.js'));

/** Spec §2 editable variant, for an owner on trial or Premium. */
export function EditableMeeting({
  meeting,
  onChange,
}: {
  meeting: Meeting;
  onChange: (patch: MeetingPatch) => void;
}) {
  const [duplicating, setDuplicating] = useState(false);
  const [initialNotes] = useState(meeting.notes);
  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1, minWidth: 240 }}>
          <TitleField meeting={meeting} onChange={onChange} />
        </Box>
        <Button startIcon={<ContentCopyIcon />} onClick={() => setDuplicating(true)}>
          {MeetingTexts.duplicateMeeting}
        </Button>
        <DeleteMeetingButton meetingId={meeting._id} />
      </Box>
      <MeetingDateTime meeting={meeting} onChange={onChange} />
      <SharedWith meeting={meeting} onChange={onChange} />
      <AgendaPanel meeting={meeting} onChange={onChange} />
      <Section title={MeetingCopy.notesHeading}>
        <Suspense fallback={<PageSpinner label={MeetingCopy.notesHeading} />}>
          <NotesEditor meetingId={meeting._id} initialNotes={initialNotes} />
        </Suspense>
      </Section>
      <ActionsPanel meeting={meeting} onChange={onChange} />
      <PreviousActions meetingId={meeting._id} />
      {duplicating ? (
        <DuplicateDialog meeting={meeting} onClose={() => setDuplicating(false)} />
      ) : null}
    </Stack>
  );
}
