import { describe, expect, it } from 'vitest';
import { mentionAt, mentionMatches, withoutMention } from './mentions.js';

describe('an @ mention being typed', () => {
  it.each([
    ['Call @', { start: 5, query: '' }],
    ['@bo', { start: 0, query: 'bo' }],
    ['Send the notes @bob.s', { start: 15, query: 'bob.s' }],
  ])('is found at the end of %j', (text, mention) => {
    expect(mentionAt(text)).toEqual(mention);
  });

  it.each(['Call Sam', 'mail bob@example', 'Call @bob now', 'a@@'])('is not in %j', (text) => {
    expect(mentionAt(text)).toBeNull();
  });

  it('matches people by any part of the address, ignoring case', () => {
    const people = ['pm@example.com', 'Bob@example.com', 'amy@other.org'];
    expect(mentionMatches(people, 'BO')).toEqual(['Bob@example.com']);
    expect(mentionMatches(people, 'example')).toEqual(['pm@example.com', 'Bob@example.com']);
    expect(mentionMatches(people, '')).toEqual(people);
  });

  it('leaves the text without the @word once a person is picked', () => {
    const text = 'Send the notes @bo';
    expect(withoutMention(text, mentionAt(text)!)).toBe('Send the notes');
  });
});
