import Typography from '@mui/material/Typography';
import { MeetingCopy } from '../../texts.js';
import type { NotesSaveState } from './autosave.js';

const TEXT: Record<NotesSaveState, string> = {
  idle: '',
  unsaved: '',
  saving: MeetingCopy.notesSaving,
  saved: MeetingCopy.notesSaved,
  // The error toast says it; "Saved" must not stay.
  failed: '',
};

/** A quiet "Saving…" / "Saved" beside the notes, read out politely; there before any change. */
export function NotesSaveStatus({ state }: { state: NotesSaveState }) {
  return (
    <Typography
      role="status"
      aria-live="polite"
      variant="body2"
      color="text.secondary"
      sx={{ minWidth: 64, textAlign: 'right' }}
    >
      {TEXT[state]}
    </Typography>
  );
}
