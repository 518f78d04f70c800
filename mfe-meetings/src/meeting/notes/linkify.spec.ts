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

  it('looks at the last word only, however long the text (a second space after 100,000 characters)', () => {
    // Scanning from every start took 23 s on this text; from word starts it is one pass.
    const started = performance.now();
    expect(urlBefore(`${'x'.repeat(100_000)} `, 100_001)).toBeNull();
    const url = `https://a.example/${'x'.repeat(100_000)}`;
    expect(urlBefore(`see ${url}`, url.length + 4)).toEqual({ start: 4, url });
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
