// Plain URLs in notes become links. Quill's link format adds target=_blank and
// rel="noopener noreferrer" to every link it creates.

const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"']*[^\s<>"'.,;:!?)\]}]/gi;
const WHOLE_URL = /^(?:https?:\/\/|www\.)[^\s<>"']*[^\s<>"'.,;:!?)\]}]$/i;

/** The address a link gets for a URL as typed ("www." gets https://). */
export function linkHref(url: string): string {
  return /^www\./i.test(url) ? `https://${url}` : url;
}

export type TextPiece = { text: string; href?: string };

/** Text cut into plain pieces and URL pieces (with their link address). */
export function splitUrls(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    if (match.index > last) pieces.push({ text: text.slice(last, match.index) });
    pieces.push({ text: match[0], href: linkHref(match[0]) });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

/**
 * The URL that ends just before a typed space or line break at `index` in `text`, with its
 * start, or null.
 */
export function urlBefore(text: string, index: number): { start: number; url: string } | null {
  const before = text.slice(0, index);
  // Starts only where a word starts, so a long run of non-spaces is scanned once, not once a start.
  const word = /(?<!\S)\S+$/.exec(before)?.[0];
  if (!word || !WHOLE_URL.test(word)) return null;
  return { start: index - word.length, url: word };
}
