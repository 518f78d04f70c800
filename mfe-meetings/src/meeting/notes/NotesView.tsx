import Box from '@mui/material/Box';
import { notesContentStyles, notesListStyles } from './notes-styles.js';

/**
 * Notes HTML that is already sanitised, as the read-only view shows it. `busy`: in place of the
 * editor while it loads (assistive technology hears that more is coming).
 */
export function NotesView({ html, busy = false }: { html: string; busy?: boolean }) {
  return (
    <Box
      data-testid={busy ? 'notes-preview' : 'notes-view'}
      aria-busy={busy || undefined}
      sx={{ overflowWrap: 'anywhere', ...notesContentStyles, ...notesListStyles }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
