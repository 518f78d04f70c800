import type { MeetingPages } from './meeting-pages.js';

/** What the list showed when the user left it: its search, its loaded pages, where it was. */
export interface ListPlace {
  search: string;
  /** The settled search the pages belong to. */
  term: string;
  pages: MeetingPages;
  scrollY: number;
}

// A few entries: list, meeting, list again by the link, meeting, back, back still finds both.
const KEPT = 5;
const places = new Map<string, ListPlace>();

/**
 * Kept for the history entry (and signed-in user) it was left from, for this page's life: Back to
 * that entry finds it, a new visit to the list (another entry) starts afresh.
 */
export function keepListPlace(key: string, place: ListPlace): void {
  places.delete(key);
  places.set(key, place);
  if (places.size > KEPT) places.delete(places.keys().next().value!);
}

export function recallListPlace(key: string): ListPlace | undefined {
  return places.get(key);
}

/** For tests: each starts with nothing kept. */
export function forgetListPlaces(): void {
  places.clear();
}
