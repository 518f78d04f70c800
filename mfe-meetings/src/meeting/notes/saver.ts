/**
 * Who keeps the editor's notes: the HTTP autosave, or the live room once joined. The editor tells
 * it what happened; `leave` runs when the editor goes.
 */
export interface NotesSaver {
  changed(): void;
  resized(): void;
  /** Everything typed so far is kept (selection lost, before a duplicate). */
  flush(options?: { keepalive?: boolean }): Promise<void>;
  leave(): void;
}
