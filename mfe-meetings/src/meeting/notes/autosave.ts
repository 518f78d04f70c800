import { IMAGE_RESIZE_SAVE_DELAY_MS, NOTES_AUTOSAVE_IDLE_MS } from '@meetings/contracts';
import type { NotesSaver } from './saver.js';

/** What an empty editor holds; saved as no notes at all. */
export const EMPTY_NOTES = '<p><br></p>';

const stored = (html: string): string => (html === EMPTY_NOTES || !html.trim() ? '' : html);

/**
 * Where the notes stand: `unsaved` typed and waiting for its save, `saving` a save on its way,
 * `saved` the last save went through, `failed` it did not, `idle` nothing changed yet.
 */
export type NotesSaveState = 'idle' | 'unsaved' | 'saving' | 'saved' | 'failed';

export interface NotesAutosaveOptions {
  /** The editor's HTML once the stored notes are loaded into it. */
  initial: string;
  read(): string;
  save(html: string, options: { keepalive: boolean }): Promise<unknown>;
  onError(error: unknown): void;
  /** Told each time the state changes (not after leave). */
  onState?(state: NotesSaveState): void;
}

/**
 * When notes are saved (docs/product.md, Meetings): 5 s after typing stops, 1.5 s after an image resize, and at
 * once on selection loss, page hide or unload and leaving the page. Nothing is sent when the HTML
 * equals the last saved (or in-flight) value, so an untouched empty editor sends nothing; a user
 * who deletes every word saves empty notes.
 */
export function createNotesAutosave(options: NotesAutosaveOptions): NotesSaver {
  let lastSaved = stored(options.initial);
  let inFlight: { html: string; done: Promise<void> } | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let resizeTimer: ReturnType<typeof setTimeout> | undefined;
  /** Changed since the last flush began. */
  let dirty = false;
  let outcome: 'idle' | 'saved' | 'failed' = 'idle';
  let told: NotesSaveState = 'idle';
  let left = false;

  function tell() {
    const state: NotesSaveState = inFlight ? 'saving' : dirty ? 'unsaved' : outcome;
    if (state === told || left) return;
    told = state;
    options.onState?.(state);
  }

  function clearTimers() {
    clearTimeout(idleTimer);
    clearTimeout(resizeTimer);
    idleTimer = resizeTimer = undefined;
  }

  function flush({ keepalive = false } = {}): Promise<void> {
    clearTimers();
    dirty = false;
    const html = stored(options.read());
    if (inFlight?.html === html) {
      tell();
      return inFlight.done;
    }
    if (html === lastSaved) {
      tell();
      return Promise.resolve();
    }
    const done = options.save(html, { keepalive }).then(
      () => {
        lastSaved = html;
        outcome = 'saved';
      },
      (error: unknown) => {
        outcome = 'failed';
        options.onError(error);
      },
    );
    const current = { html, done };
    inFlight = current;
    tell();
    void done.finally(() => {
      if (inFlight === current) inFlight = null;
      tell();
    });
    return done;
  }

  return {
    changed() {
      dirty = true;
      tell();
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => void flush(), NOTES_AUTOSAVE_IDLE_MS);
    },
    resized() {
      dirty = true;
      tell();
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => void flush(), IMAGE_RESIZE_SAVE_DELAY_MS);
    },
    flush,
    leave() {
      // Leaving the page saves what was typed since the last save.
      void flush({ keepalive: true });
      left = true;
    },
  };
}
