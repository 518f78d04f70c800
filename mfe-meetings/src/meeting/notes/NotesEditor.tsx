import Box from '@mui/material/Box';
import { MeetingMessages, NOTES_EDITOR_MIN_HEIGHT_PX } from '@meetings/contracts';
import { useToast } from '@meetings/shell-context';
import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { startTransition, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useMeetingsApi } from '../../api.js';
import { MeetingCopy } from '../../texts.js';
import { useMeetingSaves } from '../saves.js';
import { createNotesAutosave, type NotesSaveState } from './autosave.js';
import type { LiveNotesOptions, Person } from './live-notes.js';
import { PeopleHere } from './PeopleHere.js';
import type { NotesSaver } from './saver.js';
import { attachImageResize } from './image-resize.js';
import { notesContentStyles } from './notes-styles.js';
import { NotesPlaceholder } from './NotesPlaceholder.js';
import { leaveOnEscape } from './leave-editor.js';
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

/**
 * The editor's behaviour (links, image resizing, Escape) and its saving, by whichever saver
 * `saver.current` is at the moment; returns the teardown.
 */
function attachEditing(
  quill: Quill,
  element: HTMLElement,
  saver: { current: NotesSaver },
  saves: ReturnType<typeof useMeetingSaves>,
): () => void {
  quill.on('text-change', (change, _old, source) => {
    if (source !== 'user') return;
    linkifyUserChange(quill, change);
    saver.current.changed();
  });
  quill.on('selection-change', (range) => {
    if (range === null) void saver.current.flush();
  });
  const detachResize = attachImageResize(quill.root, element, () => {
    quill.update('user');
    saver.current.resized();
  });
  const onPageHide = () => void saver.current.flush({ keepalive: true });
  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') onPageHide();
  };
  document.addEventListener('visibilitychange', onVisibilityChange);
  window.addEventListener('pagehide', onPageHide);
  const unregister = saves.register(() => saver.current.flush());
  const stopLeaving = leaveOnEscape(quill.root, element);

  return () => {
    unregister();
    stopLeaving();
    document.removeEventListener('visibilitychange', onVisibilityChange);
    window.removeEventListener('pagehide', onPageHide);
    detachResize();
  };
}

/**
 * Moves the editor into the meeting's live notes once the room is reached: what was typed before
 * is saved first (the server brings it into the room), then the room keeps the notes. A room that
 * cannot be reached leaves the HTTP autosave in charge. Returns the teardown.
 */
function goLive(
  quill: Quill,
  saver: { current: NotesSaver },
  options: LiveNotesOptions,
  onLive: () => void,
): () => void {
  let gone = false;
  void import('./live-notes.js')
    .then((live) =>
      live.joinLiveNotes({ ...options, onPeople: (people) => !gone && options.onPeople(people) }),
    )
    .then(async (room) => {
      if (!room) return;
      // What was typed goes to the room by an HTTP save, and what is typed meanwhile by the next.
      // The editor moves once the room shows a save that left nothing unsent (binding shows the
      // room's notes), in the same task as that check.
      for (let sent: string | null = null; !gone && sent !== quill.root.innerHTML;) {
        sent = quill.root.innerHTML;
        const text = quill.getText();
        await saver.current.flush();
        if (!room.readOnly && !gone) await room.holds(text);
      }
      if (gone) return room.leave();
      // Stopped before binding, so that when the room is behind after all (its update is late, or
      // the save failed) the HTTP saver does not save what the binding shows over what was typed.
      saver.current.leave();
      saver.current = room.bind(quill);
      if (room.readOnly) quill.disable();
      onLive();
    })
    // The code did not arrive: the notes stay with the HTTP autosave.
    .catch(() => undefined);
  return () => {
    gone = true;
  };
}

/**
 * The rich-text notes of an editable meeting (Quill 2, loaded only with the meeting page). Saves
 * by the autosave rules; the request made on page hide or when leaving outlives the page.
 */
export default function NotesEditor({
  meetingId,
  initialNotes,
  onSaveState,
  liveName,
}: {
  meetingId: string;
  initialNotes: string;
  /** Edit together in the meeting's live notes, seen by others by this name; else HTTP only. */
  liveName?: string;
  /** Where the notes stand (Saving…, Saved), for the status beside them. */
  onSaveState?: (state: NotesSaveState) => void;
}) {
  const api = useMeetingsApi();
  const toast = useToast();
  const saves = useMeetingSaves();
  const container = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(false);
  const [people, setPeople] = useState<Person[]>([]);
  const [live, setLive] = useState(false);
  // The latest callback, without restarting the editor when a parent passes a new one.
  const tellSaveState = useEffectEvent((state: NotesSaveState) => onSaveState?.(state));

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let unmount = () => element.replaceChildren();
    // Quill's start (its toolbar and modules, then the notes' first parse) is one long task, and
    // this effect can run in the task of the commit that put the page on screen: two tasks of
    // their own keep it apart from that and each under the 50 ms that blocks input. The notes
    // show read-only until the editor has them.
    let timer = setTimeout(() => {
      const quill = createQuill(element);
      timer = setTimeout(() => {
        loadNotes(quill, initialNotes);
        const onState = (state: NotesSaveState) => tellSaveState(state);
        // Saving over HTTP by the autosave rules (./autosave.ts) until the live notes take over.
        const saver: { current: NotesSaver } = {
          current: createNotesAutosave({
            initial: quill.root.innerHTML,
            read: () => quill.root.innerHTML,
            save: (html, { keepalive }) => api.updateNotes(meetingId, html, { keepalive }),
            onError: () => toast.error(MeetingMessages.updateNotesFailed),
            onState,
          }),
        };
        const stopEditing = attachEditing(quill, element, saver, saves);
        const stopLive = liveName
          ? goLive(quill, saver, { meetingId, name: liveName, onState, onPeople: setPeople }, () =>
              setLive(true),
            )
          : () => undefined;
        unmount = () => {
          stopLive();
          stopEditing();
          saver.current.leave();
          element.replaceChildren();
        };
        startTransition(() => setMounted(true));
      }, 0);
    }, 0);
    return () => {
      clearTimeout(timer);
      unmount();
    };
  }, [api, toast, saves, meetingId, initialNotes, liveName]);

  return (
    <>
      {people.length > 0 ? <PeopleHere people={people} /> : null}
      {mounted ? null : <NotesPlaceholder notes={initialNotes} />}
      <Box
        hidden={!mounted}
        ref={container}
        data-testid="notes-editor"
        data-live={live ? 'true' : undefined}
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
