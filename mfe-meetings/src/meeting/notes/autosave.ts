import { IMAGE_RESIZE_SAVE_DELAY_MS, NOTES_AUTOSAVE_IDLE_MS } from '@meetings/contracts';

/** What an empty editor holds; saved as no notes at all. */
export const EMPTY_NOTES = '<p><br></p>';

const stored = (html: string): string => (html === EMPTY_NOTES || !html.trim() ? '' : html);

export interface NotesAutosaveOptions {
  /** The editor's HTML once the stored notes are loaded into it. */
  initial: string;
  read(): string;
  save(html: string, options: { keepalive: boolean }): Promise<unknown>;
  onError(error: unknown): void;
}

export interface NotesAutosave {
  /** The user typed: save once typing has stopped for 5 s. */
  changed(): void;
  /** An image was resized: save after 1.5 s. */
  resized(): void;
  /** Save now (selection lost, page hidden or left, before a duplicate). */
  flush(options?: { keepalive?: boolean }): Promise<void>;
  dispose(): void;
}

/**
 * When notes are saved (docs/product.md, Meetings): 5 s after typing stops, 1.5 s after an image resize, and at
 * once on selection loss, page hide or unload and leaving the page. Nothing is sent when the HTML
 * equals the last saved (or in-flight) value, so an untouched empty editor sends nothing; a user
 * who deletes every word saves empty notes.
 */
export function createNotesAutosave(options: NotesAutosaveOptions): NotesAutosave {
  let lastSaved = stored(options.initial);
  let inFlight: { html: string; done: Promise<void> } | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let resizeTimer: ReturnType<typeof setTimeout> | undefined;

  function clearTimers() {
    clearTimeout(idleTimer);
    clearTimeout(resizeTimer);
    idleTimer = resizeTimer = undefined;
  }

  function flush({ keepalive = false } = {}): Promise<void> {
    clearTimers();
    const html = stored(options.read());
    if (inFlight?.html === html) return inFlight.done;
    if (html === lastSaved) return Promise.resolve();
    const done = options.save(html, { keepalive }).then(
      () => {
        lastSaved = html;
      },
      (error: unknown) => options.onError(error),
    );
    const current = { html, done };
    inFlight = current;
    void done.finally(() => {
      if (inFlight === current) inFlight = null;
    });
    return done;
  }

  return {
    changed() {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => void flush(), NOTES_AUTOSAVE_IDLE_MS);
    },
    resized() {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => void flush(), IMAGE_RESIZE_SAVE_DELAY_MS);
    },
    flush,
    dispose: clearTimers,
  };
}
