// One hashtag parser for the whole product (action input, display, copy text, search).

/** In typed text a hashtag is # followed by word characters or hyphens. */
const INPUT_HASHTAG = /#([\w-]+)/g;
/** On display a hashtag is # followed by word characters only (docs/product.md, Agenda and actions). */
const DISPLAY_HASHTAG = /#(\w+)/g;

/** Tags in the order they first appear, stored without #, without repeats. */
export function parseHashtags(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(INPUT_HASHTAG), (match) => match[1]!))];
}

export type TextPart =
  { kind: 'text'; text: string } | { kind: 'hashtag'; text: string; tag: string };

/** Splits action text for display; a hashtag is highlighted only if it is in the action's list. */
export function splitHashtags(text: string, hashtags: readonly string[]): TextPart[] {
  const known = new Set(hashtags);
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(DISPLAY_HASHTAG)) {
    const tag = match[1]!;
    if (!known.has(tag)) continue;
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'hashtag', text: match[0], tag });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** Action text with its hashtags taken out, spaces tidied (used by "Copy actions"). */
export function stripHashtags(text: string): string {
  return text
    .replace(INPUT_HASHTAG, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** The fragment after the last # of a search text, or null when there is none. */
export function hashtagFragment(search: string): string | null {
  const at = search.lastIndexOf('#');
  if (at < 0) return null;
  const fragment = search.slice(at + 1);
  return /^[\w-]*$/.test(fragment) ? fragment : null;
}

/** Known hashtags that contain the fragment after the last #, case-insensitively. */
export function suggestHashtags(search: string, known: readonly string[]): string[] {
  const fragment = hashtagFragment(search);
  if (fragment === null) return [];
  const needle = fragment.toLowerCase();
  return known.filter((tag) => tag.toLowerCase().includes(needle));
}

/** Replaces the fragment after the last # with the picked tag. */
export function applyHashtagSuggestion(search: string, tag: string): string {
  const at = search.lastIndexOf('#');
  return at < 0 ? `#${tag}` : `${search.slice(0, at)}#${tag}`;
}
