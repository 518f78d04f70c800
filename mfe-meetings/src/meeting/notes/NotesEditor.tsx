import Box from '@mui/material/Box';
import { MeetingMessages, NOTES_EDITOR_MIN_HEIGHT_PX } from '@meetings/contracts';
import { useToast } from '@meetings/shell-context';
import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { useEffect, useRef } from 'react';
import { useMeetingsApi } from '../../api.js';
import { MeetingCopy } from '../../texts.js';
import { useMeetingSaves } from '../saves.js';
import { createNotesAutosave } from './autosave.js';
import { attachImageResize } from './image-resize.js';
import { notesContentStyles } from './notes-styles.js';
import { linkifyUserChange } from './quill-links.js';
import { sanitizeNotes } from './sanitize.js';

/** Exactly the spec §5 toolbar: headers 1-2, bold, italic, underline, strike, blockquote, lists, link, image, clean. */
const TOOLBAR = [
  [{ header: 1 }, { header: 2 }],
  ['bold', 'italic', 'underline', 'strike'],
  ['blockquote'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['link', 'image'],
  ['clean'],
];
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

/**
 * The rich-text notes of an editable meeting (Quill 2, loaded only with the meeting page). Saves
 * by the spec §9 rules; the request made on page hide or when leaving outlives the page.
 */
export default function NotesEditor({
  meetingId,
  initialNotes,
}: {
  meetingId: string;
  initialNotes: string;
}) {
  const api = useMeetingsApi();
  const toast = useToast();
  const saves = useMeetingSaves();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const host = document.createElement('div');
    host.innerHTML = sanitizeNotes(initialNotes);
    element.appendChild(host);
    const quill = new Quill(host, {
      theme: 'snow',
      modules: { toolbar: TOOLBAR },
      formats: FORMATS,
    });
    quill.root.setAttribute('aria-label', MeetingCopy.notesEditorLabel);
    quill.root.setAttribute('role', 'textbox');
    quill.root.setAttribute('aria-multiline', 'true');

    const autosave = createNotesAutosave({
      initial: quill.root.innerHTML,
      read: () => quill.root.innerHTML,
      save: (html, { keepalive }) => api.updateNotes(meetingId, html, { keepalive }),
      onError: () => toast.error(MeetingMessages.updateNotesFailed),
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
  }, [api, toast, saves, meetingId, initialNotes]);

  return (
    <Box
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
  );
}
