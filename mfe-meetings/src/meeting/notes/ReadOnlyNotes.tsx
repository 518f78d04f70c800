import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { notesContentStyles, notesListStyles } from './notes-styles.js';
import { sanitizeNotes } from './sanitize.js';

/**
 * Notes rendered as HTML, sanitised again before they reach the page. `busy`: in place of the
 * editor while it loads (assistive technology hears that more is coming).
 */
export function ReadOnlyNotes({ notes, busy = false }: { notes: string; busy?: boolean }) {
  const html = useMemo(() => sanitizeNotes(notes), [notes]);
  return (
    <Box
      data-testid={busy ? 'notes-preview' : 'notes-view'}
      aria-busy={busy || undefined}
      sx={{ overflowWrap: 'anywhere', ...notesContentStyles, ...notesListStyles }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
