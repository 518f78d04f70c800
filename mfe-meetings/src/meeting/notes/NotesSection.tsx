import { useAuth } from '@meetings/shell-context';
import { Suspense, useState } from 'react';
import { Section } from '../../components/Section.js';
import { MeetingCopy } from '../../texts.js';
import type { NotesSaveState } from './autosave.js';
import { NotesPlaceholder } from './NotesPlaceholder.js';
import { NotesSaveStatus } from './NotesSaveStatus.js';
import { loadNotesEditor, NotesEditor, useCodeArrived } from './useNotesEditor.js';

/**
 * The editable notes with their save state beside the heading. The notes show (sanitised,
 * read-only, in the editor's frame) until Quill has arrived: rendering the lazy editor at once
 * would suspend the meeting's first render, a transition, which React holds back, the whole page
 * too. The editor's arrival and each save state re-render this section, not the meeting.
 */
export function NotesSection({ meetingId, notes }: { meetingId: string; notes: string }) {
  const [initialNotes] = useState(notes);
  const [saveState, setSaveState] = useState<NotesSaveState>('idle');
  const editorReady = useCodeArrived(loadNotesEditor);
  const liveName = useAuth().state.user?.email ?? '';
  const preview = <NotesPlaceholder notes={initialNotes} />;
  return (
    <Section title={MeetingCopy.notesHeading} action={<NotesSaveStatus state={saveState} />}>
      {editorReady ? (
        <Suspense fallback={preview}>
          <NotesEditor
            meetingId={meetingId}
            initialNotes={initialNotes}
            onSaveState={setSaveState}
            liveName={liveName}
          />
        </Suspense>
      ) : (
        preview
      )}
    </Section>
  );
}
