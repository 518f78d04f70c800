import {
  createTestServices,
  fakeApi,
  jsonResponse,
  renderWithShell,
} from '@meetings/shell-context/testing';
import { act } from '@testing-library/react';
import Quill from 'quill';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveNotes } from './live-notes.js';
import NotesEditor from './NotesEditor.js';

const join = vi.hoisted(() => ({ resolve: (_room: unknown) => {} }));
vi.mock('./live-notes.js', () => ({
  joinLiveNotes: () => new Promise((resolve) => (join.resolve = resolve)),
}));

// jsdom lays nothing out; Quill measures the selection to scroll it into view.
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;

/**
 * A room whose document has not yet got the save made on the way in (its update comes over the
 * socket after the HTTP answer): binding shows the room's older notes, as y-quill does.
 */
function roomBehindTheSave(olderNotes: string): LiveNotes {
  return {
    readOnly: false,
    bind: (quill) => {
      quill.setContents([{ insert: `${olderNotes}\n` }], 'api');
      return {
        changed: () => undefined,
        resized: () => undefined,
        flush: () => Promise.resolve(),
        leave: () => undefined,
      };
    },
    leave: () => undefined,
  };
}

describe('notes editor moving into the live notes', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('saves what was typed before the room answered once, and never the notes the room showed', async () => {
    const api = fakeApi({ 'PUT /meetings/m1/update-notes': () => jsonResponse({ meeting: {} }) });
    const fetch = vi.fn<typeof globalThis.fetch>((input, init) => api(input, init));
    renderWithShell(
      <NotesEditor meetingId="m1" initialNotes="<p>Agreed</p>" liveName="ann@example.com" />,
      { services: createTestServices({ fetch }) },
    );
    await act(() => vi.advanceTimersToNextTimerAsync());
    await act(() => vi.advanceTimersToNextTimerAsync());
    const quill = Quill.find(document.querySelector('.ql-container')!) as Quill;

    await act(async () => {
      quill.insertText(quill.getLength() - 1, ' today', 'user');
      join.resolve(roomBehindTheSave('Agreed'));
      await vi.advanceTimersByTimeAsync(0);
    });
    await act(() => vi.advanceTimersByTimeAsync(10_000));

    const saves = fetch.mock.calls
      .filter(([url, init]) => String(url).endsWith('/update-notes') && init?.method === 'PUT')
      .map(([, init]) => (JSON.parse(String(init!.body)) as { notes: string }).notes);
    expect(saves).toEqual(['<p>Agreed today</p>']);
    expect(document.querySelector('[data-testid="notes-editor"]')?.getAttribute('data-live')).toBe(
      'true',
    );
  });
});
