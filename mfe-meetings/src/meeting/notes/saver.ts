/**
 * Who keeps the editor's notes: the HTTP autosave, or the live room once joined. The editor tells
 * it what happened; `leave` runs when the editor goes.
 */
export interface NotesSaver {
  /** The user changed the text. */
  changed(): void;
  /** An image was resized. */
  resized(): void;
  /** Everything typed so far is kept (selection lost, before a duplicate). */
  flush(options?: { keepalive?: boolean }): Promise<void>;
  leave(): void;
}
