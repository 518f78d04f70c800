import { DUE_FILTERS, type DueFilter } from '@meetings/contracts';

/**
 * What the page keeps in its address, so a view can be bookmarked, shared and reloaded: the
 * settled search (`?search=…&hashtag=…&completed=true`) and the filters
 * (`?assignee=me&due=overdue&sort=due`). Values the page does not know are ignored.
 */
export interface UrlFilters {
  search: string;
  hashtag: string | null;
  showCompleted: boolean;
  assignee: 'me' | null;
  due: DueFilter | null;
  sort: 'due' | null;
}

/** A hashtag as the server keeps them: letters, digits, `_` and `-`. Anything else is ignored. */
const HASHTAG = /^[\p{L}\p{N}_-]{1,100}$/u;

export function readUrlFilters(params: URLSearchParams): UrlFilters {
  const hashtag = params.get('hashtag');
  const due = params.get('due');
  return {
    search: params.get('search')?.trim() ?? '',
    hashtag: hashtag && HASHTAG.test(hashtag) ? hashtag : null,
    showCompleted: params.get('completed') === 'true',
    assignee: params.get('assignee') === 'me' ? 'me' : null,
    due: DUE_FILTERS.includes(due as DueFilter) ? (due as DueFilter) : null,
    sort: params.get('sort') === 'due' ? 'due' : null,
  };
}

/** Each field's parameter, in the order new parameters are added to the address. */
const PARAMETERS = {
  search: 'search',
  hashtag: 'hashtag',
  showCompleted: 'completed',
  assignee: 'assignee',
  due: 'due',
  sort: 'sort',
} as const;

/**
 * The address's parameters with the fields in `patch` in place of the old ones (an empty, null or
 * false one is dropped); other parameters are kept.
 */
export function writeUrlFilters(
  params: URLSearchParams,
  patch: Partial<UrlFilters>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [field, key] of Object.entries(PARAMETERS)) {
    const value = patch[field as keyof UrlFilters];
    if (value === undefined) continue;
    if (value) next.set(key, String(value));
    else next.delete(key);
  }
  return next;
}

/** What the search box shows for a search from the address: the picked `#tag`, then the text. */
export function searchBoxText({ search, hashtag }: Pick<UrlFilters, 'search' | 'hashtag'>): string {
  return (
    [hashtag ? `#${hashtag}` : '', search].filter(Boolean).join(' ') +
    (hashtag && !search ? ' ' : '')
  );
}
