import { useMemo } from 'react';
import { NotesView } from './NotesView.js';
import { sanitizeNotes } from './sanitize.js';

/**
 * Notes rendered as HTML, sanitised again before they reach the page. `busy`: shown in place of
 * the editor while it loads.
 */
export function ReadOnlyNotes({ notes, busy = false }: { notes: string; busy?: boolean }) {
  const html = useMemo(() => sanitizeNotes(notes), [notes]);
  return <NotesView html={html} busy={busy} />;
}
