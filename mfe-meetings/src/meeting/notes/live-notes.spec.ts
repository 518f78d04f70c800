import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { CATCH_UP_MS, liveNotesUrl, textHolds } from './live-notes.js';

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

describe("the room holding the editor's text", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const room = (notes: string) => {
    const text = new Y.Doc().getText('notes');
    text.insert(0, notes);
    return text;
  };
  const settled = (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    return async () => {
      await vi.advanceTimersByTimeAsync(0);
      return done;
    };
  };

  it('holds it at once when the texts match, an empty room as an empty editor', async () => {
    expect(await settled(textHolds(room('Agreed\n'), 'Agreed\n'))()).toBe(true);
    expect(await settled(textHolds(room(''), '\n'))()).toBe(true);
  });

  it('holds it when the update that brings the text arrives', async () => {
    const shared = room('Agreed\n');
    const isDone = settled(textHolds(shared, 'Agreed today\n'));
    expect(await isDone()).toBe(false);
    shared.insert(6, ' today');
    expect(await isDone()).toBe(true);
  });

  it('gives up waiting after a while when the text never comes', async () => {
    const isDone = settled(textHolds(room('Agreed\n'), 'Agreed today\n'));
    await vi.advanceTimersByTimeAsync(CATCH_UP_MS - 1);
    expect(await isDone()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isDone()).toBe(true);
  });
});
