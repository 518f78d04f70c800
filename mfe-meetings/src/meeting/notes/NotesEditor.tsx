import Box from '@mui/material/Box';
import { MeetingMessages, NOTES_EDITOR_MIN_HEIGHT_PX } from '@meetings/contracts';
import { useToast } from '@meetings/shell-context';
import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useMeetingsApi } from '../../api.js';
import { MeetingCopy } from '../../texts.js';
import { useMeetingSaves } from '../saves.js';
import { createNotesAutosave, type NotesSaveState } from './autosave.js';
import { attachImageResize } from './image-resize.js';
import { notesContentStyles } from './notes-styles.js';
import { NotesPlaceholder } from './NotesPlaceholder.js';
import { linkifyUserChange } from './quill-links.js';
import { sanitizeNotes } from './sanitize.js';
import { TOOLBAR } from './toolbar.js';

const FORMATS = [
  'header',
  'bold',
  'italic',
  'underline',
  'strike',
  'blockquote',
  'list',
  'link',
  'image',
];

interface EditorDeps {
  meetingId: string;
  api: ReturnType<typeof useMeetingsApi>;
  toast: ReturnType<typeof useToast>;
  saves: ReturnType<typeof useMeetingSaves>;
  onSaveState: (state: NotesSaveState) => void;
}

/** An empty Quill on `element`: its toolbar and modules, the first half of its start. */
function createQuill(element: HTMLElement): Quill {
  const host = document.createElement('div');
  element.appendChild(host);
  const quill = new Quill(host, {
    theme: 'snow',
    modules: { toolbar: TOOLBAR },
    formats: FORMATS,
  });
  quill.root.setAttribute('aria-label', MeetingCopy.notesEditorLabel);
  quill.root.setAttribute('role', 'textbox');
  quill.root.setAttribute('aria-multiline', 'true');
  return quill;
}

/**
 * The notes into a new Quill, as its constructor puts a container's HTML in (the second half of
 * its start): sanitised, read back as the browser serialises them, converted, no undo step.
 */
function loadNotes(quill: Quill, notes: string): void {
  const holder = document.createElement('div');
  holder.innerHTML = sanitizeNotes(notes);
  const html = holder.innerHTML.trim();
  if (html) quill.setContents(quill.clipboard.convert({ html: `${html}<p><br></p>`, text: '\n' }));
  quill.history.clear();
}

/** Saving `quill`'s notes by the autosave rules (./autosave.ts); returns the teardown. */
function attachAutosave(
  quill: Quill,
  element: HTMLElement,
  { meetingId, api, toast, saves, onSaveState }: EditorDeps,
): () => void {
  const autosave = createNotesAutosave({
    initial: quill.root.innerHTML,
    read: () => quill.root.innerHTML,
    save: (html, { keepalive }) => api.updateNotes(meetingId, html, { keepalive }),
    onError: () => toast.error(MeetingMessages.updateNotesFailed),
    onState: onSaveState,
  });
  quill.on('text-change', (change, _old, source) => {
    if (source !== 'user') return;
    linkifyUserChange(quill, change);
    autosave.changed();
  });
  quill.on('selection-change', (range) => {
    if (range === null) void autosave.flush();
  });
  const detachResize = attachImageResize(quill.root, element, () => {
    quill.update('user');
    autosave.resized();
  });
  const onPageHide = () => void autosave.flush({ keepalive: true });
  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') onPageHide();
  };
  document.addEventListener('visibilitychange', onVisibilityChange);
  window.addEventListener('pagehide', onPageHide);
  const unregister = saves.register(() => autosave.flush());

  return () => {
    unregister();
    document.removeEventListener('visibilitychange', onVisibilityChange);
    window.removeEventListener('pagehide', onPageHide);
    detachResize();
    // Leaving the page saves what was typed since the last save.
    void autosave.flush({ keepalive: true });
    autosave.dispose();
    element.replaceChildren();
  };
}

function ignoreState(): void {}

/**
 * The rich-text notes of an editable meeting (Quill 2, loaded only with the meeting page). Saves
 * by the autosave rules; the request made on page hide or when leaving outlives the page.
 */
export default function NotesEditor({
  meetingId,
  initialNotes,
  onSaveState = ignoreState,
}: {
  meetingId: string;
  initialNotes: string;
  /** Where the notes stand (Saving…, Saved), for the status beside them. */
  onSaveState?: (state: NotesSaveState) => void;
}) {
  const api = useMeetingsApi();
  const toast = useToast();
  const saves = useMeetingSaves();
  const container = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(false);
  // The latest callback, without restarting the editor when a parent passes a new one.
  const stateListener = useRef(onSaveState);
  useEffect(() => {
    stateListener.current = onSaveState;
  }, [onSaveState]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let unmount = () => element.replaceChildren();
    // Quill's start is one long task (its toolbar and modules, then the notes' first parse: 0.15
    // s together on a phone's CPU). React runs this effect in the task of the commit that put the
    // page on screen whenever sync work follows that commit; two tasks of their own keep it
    // apart from that and each under the 50 ms a task may take before it blocks input. The notes
    // show read-only until the editor has them.
    let timer = setTimeout(() => {
      const quill = createQuill(element);
      timer = setTimeout(() => {
        loadNotes(quill, initialNotes);
        unmount = attachAutosave(quill, element, {
          meetingId,
          api,
          toast,
          saves,
          onSaveState: (state) => stateListener.current(state),
        });
        startTransition(() => setMounted(true));
      }, 0);
    }, 0);
    return () => {
      clearTimeout(timer);
      unmount();
    };
  }, [api, toast, saves, meetingId, initialNotes]);

  return (
    <>
      {mounted ? null : <NotesPlaceholder notes={initialNotes} />}
      <Box
        hidden={!mounted}
        ref={container}
        data-testid="notes-editor"
        sx={{
          position: 'relative',
          '& .ql-toolbar': { borderTopLeftRadius: 4, borderTopRightRadius: 4 },
          '& .ql-container': {
            fontSize: 16,
            fontFamily: 'inherit',
            borderBottomLeftRadius: 4,
            borderBottomRightRadius: 4,
          },
          '& .ql-editor': { minHeight: NOTES_EDITOR_MIN_HEIGHT_PX, ...notesContentStyles },
          '& .ql-snow .ql-stroke': { stroke: 'currentColor' },
          '& .ql-snow .ql-fill': { fill: 'currentColor' },
          '& .ql-snow .ql-picker, & .ql-snow .ql-toolbar button': { color: 'text.primary' },
        }}
      />
    </>
  );
}
