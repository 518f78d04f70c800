import { LIVE_NOTES_TEXT } from '@meetings/contracts';
import { sanitizeNotes } from '@meetings/service-kit';
import * as Y from 'yjs';
import { Delta, deltaToHtml, htmlToDelta, type NotesOp } from './notes-delta.js';

export function notesText(doc: Y.Doc): Y.Text {
  return doc.getText(LIVE_NOTES_TEXT);
}

/**
 * Makes the document's notes those of `html`, changing only what differs, so what others are
 * typing at the same moment elsewhere in the notes merges with it.
 */
export function replaceNotes(doc: Y.Doc, html: string): void {
  const text = notesText(doc);
  const change = new Delta(text.toDelta() as Delta['ops']).diff(
    new Delta(htmlToDelta(html) as Delta['ops']),
  );
  if (change.ops.length > 0) doc.transact(() => text.applyDelta(change.ops));
}

/** The document's notes as the HTML every reader gets: derived, then sanitised like any save. */
export function notesHtml(doc: Y.Doc, images: 'self' | 'any'): string {
  const html = deltaToHtml(notesText(doc).toDelta() as NotesOp[]);
  return html ? sanitizeNotes(html, images) : '';
}

/** A document with `html` as its notes, as a room starts from notes it has no state for. */
export function seededState(html: string): Uint8Array {
  const doc = new Y.Doc();
  replaceNotes(doc, html);
  return Y.encodeStateAsUpdate(doc);
}
