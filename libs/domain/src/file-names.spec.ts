import { describe, expect, it } from 'vitest';
import { markdownFileName } from './file-names.js';

describe('the Markdown file name', () => {
  it('is the title’s letters and digits and the meeting’s day', () => {
    const day = '2026-11-30T14:00:00Z';
    expect(markdownFileName({ title: 'Sprint *review* #12', date: new Date(day) })).toBe(
      'sprint-review-12-2026-11-30.md',
    );
    expect(markdownFileName({ title: 'Café — ünïcode', date: '2026-01-02T00:00:00Z' })).toBe(
      'cafe-unicode-2026-01-02.md',
    );
    expect(markdownFileName({ title: '"; ../', date: '2026-01-02T00:00:00Z' })).toBe(
      'meeting-2026-01-02.md',
    );
  });
});
