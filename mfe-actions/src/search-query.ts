/** What the search box asks the server for: text to find and, when one was picked, a hashtag. */
export interface SearchQuery {
  search: string;
  hashtag: string | null;
}

/**
 * A hashtag picked from the suggestions becomes the hashtag filter for as long as its `#tag`
 * stays in the box; the rest of the box is the text search (action text or meeting title). A
 * `#word` typed but not picked stays text, so it finds actions whose text contains it.
 */
export function toSearchQuery(text: string, pickedTag: string | null): SearchQuery {
  if (pickedTag) {
    const token = new RegExp(`(?<![\\w-])#${escapeRegExp(pickedTag)}(?![\\w-])\\s?`, 'i');
    if (token.test(text)) return { search: text.replace(token, '').trim(), hashtag: pickedTag };
  }
  return { search: text.trim(), hashtag: null };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
