import { describe, expect, it } from 'vitest';
import { readUrlFilters, writeUrlFilters } from './url-filters.js';

describe('filters in the address', () => {
  it('reads the ones it knows and ignores the rest', () => {
    expect(readUrlFilters(new URLSearchParams('assignee=me&due=overdue&sort=due'))).toMatchObject({
      assignee: 'me',
      due: 'overdue',
      sort: 'due',
    });
    expect(readUrlFilters(new URLSearchParams('assignee=bob&due=later&sort=title'))).toMatchObject({
      assignee: null,
      due: null,
      sort: null,
    });
  });

  it('writes them back, dropping cleared ones and keeping other parameters', () => {
    const params = writeUrlFilters(new URLSearchParams('x=1&due=week'), {
      assignee: 'me',
      due: null,
      sort: 'due',
    });
    expect(params.toString()).toBe('x=1&assignee=me&sort=due');
  });
});
