import { describe, expect, it } from 'vitest';
import { sanitizeNotes } from './sanitize.js';

describe('notes sanitising before rendering', () => {
  it('keeps the editor formats and opens links in a new tab with noopener', () => {
    const html =
      '<h1>T</h1><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <a href="https://x.org">x</a></p>' +
      '<blockquote>q</blockquote><ol><li data-list="bullet">one</li></ol><p><img src="https://x.org/a.png" width="120"></p>' +
      '<p><img src="data:image/png;base64,iVBORw0KGgo="></p>';
    const clean = sanitizeNotes(html);
    expect(clean).toContain(
      '<a href="https://x.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(clean).toContain('<li data-list="bullet">one</li>');
    expect(clean).toContain('<img src="https://x.org/a.png" width="120">');
    expect(clean).toContain('<img src="data:image/png;base64,iVBORw0KGgo=">');
    expect(clean).toContain('<strong>b</strong> <em>i</em> <u>u</u> <s>s</s>');
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src=x onerror=alert(1)>', '<img>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<p onclick="alert(1)" style="background:url(javascript:alert(1))">p</p>', '<p>p</p>'],
    ['<iframe src="https://evil.example"></iframe><p>t</p>', '<p>t</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
  ])('removes what could run: %s', (dirty, expected) => {
    expect(sanitizeNotes(dirty)).toBe(expected);
  });
});
