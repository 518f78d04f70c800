import { describe, expect, it } from 'vitest';
import { liveNotesUrl } from './live-notes.js';

describe('live notes address', () => {
  it('is the page’s own origin, wss on https and ws on http', () => {
    const at = (href: string) => new URL(href) as unknown as Location;
    expect(liveNotesUrl('m1', at('https://notes.example/app/meetings/m1'))).toBe(
      'wss://notes.example/api/meetings/m1/collab',
    );
    expect(liveNotesUrl('m 2', at('http://localhost:8080/app'))).toBe(
      'ws://localhost:8080/api/meetings/m%202/collab',
    );
  });
});
