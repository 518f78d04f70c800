import type Quill from 'quill';
import type { Delta } from 'quill';
import { linkHref, splitUrls, urlBefore } from './linkify.js';

/** How far back a typed space looks for the URL it ends. */
const LOOKBEHIND = 2048;

/**
 * After a user change: a URL ended by a typed space or Enter, and URLs in pasted text, become
 * links (Quill's own paste keeps links that were already links).
 */
export function linkifyUserChange(quill: Quill, change: Delta): void {
  let index = 0;
  const links: { start: number; length: number; href: string }[] = [];
  for (const op of change.ops) {
    if (op.retain !== undefined) {
      index += typeof op.retain === 'number' ? op.retain : 1;
    } else if (typeof op.insert === 'string') {
      const inserted = op.insert;
      if (/^\s$/.test(inserted)) {
        const from = Math.max(0, index - LOOKBEHIND);
        const found = urlBefore(quill.getText(from, index - from), index - from);
        if (found) {
          links.push({
            start: from + found.start,
            length: found.url.length,
            href: linkHref(found.url),
          });
        }
      } else if (!op.attributes?.link) {
        let offset = index;
        for (const piece of splitUrls(inserted)) {
          if (piece.href)
            links.push({ start: offset, length: piece.text.length, href: piece.href });
          offset += piece.text.length;
        }
      }
      index += inserted.length;
    } else if (op.insert !== undefined) {
      index += 1;
    }
  }
  for (const { start, length, href } of links) {
    if (!quill.getFormat(start, length).link) quill.formatText(start, length, 'link', href, 'user');
  }
}
