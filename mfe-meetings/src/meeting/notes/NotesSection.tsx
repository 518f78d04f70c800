import { useAuth } from '@meetings/shell-context';
import { lazy, Suspense, useState } from 'react';
import { Section } from '../../components/Section.js';
import { MeetingCopy } from '../../texts.js';
import type { NotesSaveState } from './autosave.js';
import { NotesPlaceholder } from './NotesPlaceholder.js';
import { NotesSaveStatus } from './NotesSaveStatus.js';

// Quill comes with the editor's own chunk, only on a meeting page that can edit notes.
const NotesEditor = lazy(() => import('./NotesEditor.js'));

/**
 * The editable notes with their save state beside the heading. The notes show (sanitised,
 * read-only, in the editor's frame) until Quill has arrived. The editor's arrival and each save
 * state re-render this section, not the meeting.
 */
export function NotesSection({ meetingId, notes }: { meetingId: string; notes: string }) {
  const [initialNotes] = useState(notes);
  const [saveState, setSaveState] = useState<NotesSaveState>('idle');
  const liveName = useAuth().state.user?.email ?? '';
  return (
    <Section title={MeetingCopy.notesHeading} action={<NotesSaveStatus state={saveState} />}>
      <Suspense fallback={<NotesPlaceholder notes={initialNotes} />}>
        <NotesEditor
          meetingId={meetingId}
          initialNotes={initialNotes}
          onSaveState={setSaveState}
          liveName={liveName}
        />
      </Suspense>
    </Section>
  );
}
