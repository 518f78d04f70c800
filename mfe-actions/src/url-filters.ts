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
