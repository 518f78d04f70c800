import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { notesContentStyles, notesListStyles } from './notes-styles.js';
import { sanitizeNotes } from './sanitize.js';

/** Notes rendered as HTML, sanitised again before they reach the page. */
export function ReadOnlyNotes({ notes }: { notes: string }) {
  const html = useMemo(() => sanitizeNotes(notes), [notes]);
  return (
    <Box
      data-testid="notes-view"
      sx={{ overflowWrap: 'anywhere', ...notesContentStyles, ...notesListStyles }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
