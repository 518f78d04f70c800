import Box from '@mui/material/Box';
import { NOTES_EDITOR_MIN_HEIGHT_PX } from '@meetings/contracts';
import { ReadOnlyNotes } from './ReadOnlyNotes.js';
import {
  EDITOR_PADDING,
  TOOLBAR,
  TOOLBAR_BUTTON,
  TOOLBAR_GROUP_GAP_PX,
  TOOLBAR_PADDING_PX,
} from './toolbar.js';

/**
 * The notes read-only in the editor's frame while the editor loads: the toolbar's room (its
 * groups wrap as the toolbar's do on a narrow screen) and the editor's minimum height are kept,
 * so nothing below moves when Quill takes its place.
 */
export function NotesPlaceholder({ notes }: { notes: string }) {
  return (
    <Box
      data-testid="notes-placeholder"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, fontSize: 16 }}
    >
      <Box
        aria-hidden
        data-testid="notes-toolbar-space"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          p: `${TOOLBAR_PADDING_PX}px`,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {TOOLBAR.map((group, index) => (
          <Box
            key={index}
            sx={{
              width: group.length * TOOLBAR_BUTTON.width,
              height: TOOLBAR_BUTTON.height,
              mr: `${TOOLBAR_GROUP_GAP_PX}px`,
            }}
          />
        ))}
      </Box>
      <Box
        sx={{ boxSizing: 'border-box', minHeight: NOTES_EDITOR_MIN_HEIGHT_PX, p: EDITOR_PADDING }}
      >
        <ReadOnlyNotes notes={notes} busy />
      </Box>
    </Box>
  );
}
