import { describe, expect, it } from 'vitest';
import { linkHref, splitUrls, urlBefore } from './linkify.js';

describe('plain URLs in notes', () => {
  it('finds URLs in text, leaving trailing punctuation out', () => {
    expect(splitUrls('See https://example.org/a?b=1, and www.site.io.')).toEqual([
      { text: 'See ' },
      { text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { text: ', and ' },
      { text: 'www.site.io', href: 'https://www.site.io' },
      { text: '.' },
    ]);
    expect(splitUrls('no links here')).toEqual([{ text: 'no links here' }]);
  });

  it('finds the URL a typed space ends', () => {
    const text = 'notes at http://intranet/x';
    expect(urlBefore(text, text.length)).toEqual({ start: 9, url: 'http://intranet/x' });
    expect(urlBefore('just words', 10)).toBeNull();
    expect(linkHref('www.a.com')).toBe('https://www.a.com');
    expect(linkHref('http://a.com')).toBe('http://a.com');
  });
});
