import { describe, expect, it } from 'vitest';
import { toSearchQuery } from './search-query.js';

describe('toSearchQuery', () => {
  it('is all text search until a hashtag is picked', () => {
    expect(toSearchQuery('  budget #ops ', null)).toEqual({ search: 'budget #ops', hashtag: null });
  });

  it('takes the picked #tag out of the text as the hashtag filter, in any case', () => {
    expect(toSearchQuery('review #urgent ', 'urgent')).toEqual({
      search: 'review',
      hashtag: 'urgent',
    });
    expect(toSearchQuery('#Urgent review', 'urgent')).toEqual({
      search: 'review',
      hashtag: 'urgent',
    });
  });

  it('drops the filter once the #tag is no longer whole in the box', () => {
    expect(toSearchQuery('review #urgen', 'urgent')).toEqual({
      search: 'review #urgen',
      hashtag: null,
    });
    expect(toSearchQuery('review #urgently', 'urgent')).toEqual({
      search: 'review #urgently',
      hashtag: null,
    });
    expect(toSearchQuery('review', 'release-2')).toEqual({ search: 'review', hashtag: null });
  });

  it('keeps other hashtags as text', () => {
    expect(toSearchQuery('#ops #release-2 ', 'release-2')).toEqual({
      search: '#ops',
      hashtag: 'release-2',
    });
  });
});
