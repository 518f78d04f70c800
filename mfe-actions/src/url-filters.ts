import { DUE_FILTERS, type DueFilter } from '@meetings/contracts';

/**
 * The filters kept in the page's address (`?assignee=me&due=overdue&sort=due`), so a filtered view
 * can be bookmarked, shared and reloaded. Values the page does not know are ignored.
 */
export interface UrlFilters {
  assignee: 'me' | null;
  due: DueFilter | null;
  sort: 'due' | null;
}

export function readUrlFilters(params: URLSearchParams): UrlFilters {
  const due = params.get('due');
  return {
    assignee: params.get('assignee') === 'me' ? 'me' : null,
    due: DUE_FILTERS.includes(due as DueFilter) ? (due as DueFilter) : null,
    sort: params.get('sort') === 'due' ? 'due' : null,
  };
}

/** The address's parameters with `filters` in place of the old ones; others are kept. */
export function writeUrlFilters(params: URLSearchParams, filters: UrlFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['assignee', 'due', 'sort'] as const) {
    const value = filters[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** The settled search kept in the address too (`?search=…&hashtag=…&completed=true`). */
export interface UrlSearch {
  search: string;
  hashtag: string | null;
  showCompleted: boolean;
}

/** A hashtag as the server keeps them: letters, digits, `_` and `-`. Anything else is ignored. */
const HASHTAG = /^[\p{L}\p{N}_-]{1,100}$/u;

export function readUrlSearch(params: URLSearchParams): UrlSearch {
  const hashtag = params.get('hashtag');
  return {
    search: params.get('search')?.trim() ?? '',
    hashtag: hashtag && HASHTAG.test(hashtag) ? hashtag : null,
    showCompleted: params.get('completed') === 'true',
  };
}

/** The address's parameters with the search in place of the old one; others are kept. */
export function writeUrlSearch(
  params: URLSearchParams,
  search: Partial<UrlSearch>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) =>
    value ? next.set(key, value) : next.delete(key);
  if (search.search !== undefined) set('search', search.search);
  if (search.hashtag !== undefined) set('hashtag', search.hashtag);
  if (search.showCompleted !== undefined) set('completed', search.showCompleted ? 'true' : null);
  return next;
}

/** What the search box shows for a search from the address: the picked `#tag`, then the text. */
export function searchBoxText({ search, hashtag }: Pick<UrlSearch, 'search' | 'hashtag'>): string {
  return (
    [hashtag ? `#${hashtag}` : '', search].filter(Boolean).join(' ') +
    (hashtag && !search ? ' ' : '')
  );
}
