import { HocuspocusProvider, WebSocketStatus } from '@hocuspocus/provider';
import { LIVE_NOTES_TEXT } from '@meetings/contracts';
import Quill from 'quill';
import QuillCursors from 'quill-cursors';
import { QuillBinding } from 'y-quill';
import * as Y from 'yjs';
import { meetingUrl } from '../../api.js';
import type { NotesSaveState } from './autosave.js';
import type { NotesSaver } from './saver.js';

/** How long the first connection may take before the notes are saved over HTTP instead. */
const JOIN_TIMEOUT_MS = 5_000;
/** How long the editor waits for the room to show an HTTP save before it moves in regardless. */
export const CATCH_UP_MS = 2_000;
const COLORS = ['#1565c0', '#2e7d32', '#c62828', '#6a1b9a', '#ef6c00', '#00838f', '#ad1457'];

export interface Person {
  clientId: number;
  name: string;
  color: string;
}

export interface LiveNotesOptions {
  meetingId: string;
  /** How others see this person (their e-mail). */
  name: string;
  onState(state: NotesSaveState): void;
  /** The others in the room, whenever it changes. */
  onPeople(people: Person[]): void;
}

export interface LiveNotes {
  /** Binds the editor to the room; from then on the room keeps the notes. */
  bind(quill: Quill): NotesSaver;
  /** Whether the server lets this person change the notes (a viewer's room is read-only). */
  readOnly: boolean;
  /**
   * Resolves once the room's notes read as `text` (Quill's plain text), or after CATCH_UP_MS: the
   * server brings an HTTP save into the room, and that update can come after the HTTP answer.
   */
  holds(text: string): Promise<void>;
  leave(): void;
}

/** The live notes' address on this page's own origin (ws: or wss: as the page). */
export function liveNotesUrl(meetingId: string, location: Location = window.location): string {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}${meetingUrl(meetingId, 'collab')}`;
}

function colorOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return COLORS[Math.abs(hash) % COLORS.length]!;
}

/**
 * Joins the meeting's live notes: resolves once the room's notes have arrived, or null when the
 * room cannot be reached (refused, no WebSocket, too slow), so the page saves over HTTP instead.
 * After that a lost connection is only a pause: edits stay in the document and the provider
 * sends them when it is back (Yjs merges them with what others typed meanwhile).
 */
export function joinLiveNotes(options: LiveNotesOptions): Promise<LiveNotes | null> {
  const document = new Y.Doc();
  let synced = false;
  const provider = new HocuspocusProvider({
    url: liveNotesUrl(options.meetingId),
    name: options.meetingId,
    document,
  });
  const leave = () => {
    provider.destroy();
    document.destroy();
  };
  return new Promise((resolve) => {
    const give = (room: LiveNotes | null) => {
      clearTimeout(timer);
      if (!room) leave();
      resolve(room);
    };
    const timer = setTimeout(() => give(null), JOIN_TIMEOUT_MS);
    provider.on('authenticationFailed', () => give(null));
    provider.on('close', () => {
      if (!synced) give(null);
    });
    provider.on('synced', () => {
      if (synced) return;
      synced = true;
      give({
        readOnly: provider.authorizedScope === 'readonly',
        bind: (quill) => bind(quill, provider, document, options),
        holds: (text) => textHolds(document.getText(LIVE_NOTES_TEXT), text),
        leave,
      });
    });
  });
}

/** Whether `shared` reads as `text`, the final line break aside (an empty room has none). */
export function textHolds(shared: Y.Text, text: string, waitMs = CATCH_UP_MS): Promise<void> {
  const plain = (value: string) => value.replace(/\n$/, '');
  return new Promise((resolve) => {
    const check = () => {
      if (plain(shared.toString()) !== plain(text)) return;
      clearTimeout(timer);
      shared.unobserve(check);
      resolve();
    };
    const timer = setTimeout(() => {
      shared.unobserve(check);
      resolve();
    }, waitMs);
    shared.observe(check);
    check();
  });
}

function connected(provider: HocuspocusProvider): boolean {
  return provider.configuration.websocketProvider.status === WebSocketStatus.Connected;
}

function bind(
  quill: Quill,
  provider: HocuspocusProvider,
  document: Y.Doc,
  options: LiveNotesOptions,
): NotesSaver {
  Quill.register('modules/cursors', QuillCursors, true);
  if (!quill.getModule('cursors')) quill.theme.addModule('cursors');
  const awareness = provider.awareness!;
  awareness.setLocalStateField('user', { name: options.name, color: colorOf(options.name) });
  const binding = new QuillBinding(document.getText(LIVE_NOTES_TEXT), quill, awareness);
  quill.history.clear();

  const tell = () => {
    if (provider.unsyncedChanges === 0) options.onState('saved');
    else options.onState(connected(provider) ? 'saving' : 'unsaved');
  };
  const onPeople = () => {
    const people: Person[] = [];
    awareness.getStates().forEach((state, clientId) => {
      const user = (state as { user?: { name?: string; color?: string } }).user;
      if (clientId !== document.clientID && user?.name)
        people.push({ clientId, name: user.name, color: user.color ?? colorOf(user.name) });
    });
    options.onPeople(people);
  };
  provider.on('unsyncedChanges', tell);
  provider.on('status', tell);
  awareness.on('change', onPeople);
  onPeople();

  const settled = () =>
    new Promise<void>((resolve) => {
      if (provider.unsyncedChanges === 0 || !connected(provider)) return resolve();
      const check = () => {
        if (provider.unsyncedChanges > 0) return;
        provider.off('unsyncedChanges', check);
        resolve();
      };
      provider.on('unsyncedChanges', check);
    });
  return {
    changed: () => undefined,
    resized: () => undefined,
    flush: settled,
    leave: () => {
      provider.off('unsyncedChanges', tell);
      provider.off('status', tell);
      awareness.off('change', onPeople);
      binding.destroy();
      provider.destroy();
      document.destroy();
    },
  };
}
