import { describe, expect, it } from 'vitest';
import {
  applyHashtagSuggestion,
  parseHashtags,
  splitHashtags,
  stripHashtags,
  suggestHashtags,
} from './hashtags.js';

describe('hashtags', () => {
  it('parses # followed by word characters or hyphens, stored without #, without repeats', () => {
    expect(parseHashtags('Ship #release-2 to #ops and #ops again, #a_b!')).toEqual([
      'release-2',
      'ops',
      'a_b',
    ]);
    expect(parseHashtags('no tags # here')).toEqual([]);
  });

  it('highlights only the tags in the action list, displayed as # plus word characters', () => {
    expect(splitHashtags('Do #this and #that', ['that'])).toEqual([
      { kind: 'text', text: 'Do #this and ' },
      { kind: 'hashtag', text: '#that', tag: 'that' },
    ]);
    // "#release-2" displays as "#release" followed by "-2": only word characters belong to the chip.
    expect(splitHashtags('#release-2', ['release'])).toEqual([
      { kind: 'hashtag', text: '#release', tag: 'release' },
      { kind: 'text', text: '-2' },
    ]);
  });

  it('strips hashtags for the copied text', () => {
    expect(stripHashtags('Email the #client about #q3-plan today')).toBe('Email the about today');
  });

  it('suggests known tags containing the fragment after the last #, case-insensitively', () => {
    const known = ['Release', 'ops', 'prerelease', 'design'];
    expect(suggestHashtags('deploy #rel', known)).toEqual(['Release', 'prerelease']);
    expect(suggestHashtags('#x #OP', known)).toEqual(['ops']);
    expect(suggestHashtags('no hash', known)).toEqual([]);
    expect(suggestHashtags('#', known)).toEqual(known);
    expect(applyHashtagSuggestion('deploy #rel', 'Release')).toBe('deploy #Release');
  });
});
