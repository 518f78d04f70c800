import {
  createTestServices,
  fakeApi,
  jsonResponse,
  renderWithShell,
} from '@meetings/shell-context/testing';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import Quill from 'quill';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotesSaveState } from './autosave.js';
import type { LiveNotes } from './live-notes.js';
import NotesEditor from './NotesEditor.js';
import { NotesSaveStatus } from './NotesSaveStatus.js';

const SAVE = 'PUT /meetings/m1/update-notes';

// The live notes' room answers when a test says so (the other tests never join one).
const join = vi.hoisted(() => ({ resolve: (_room: unknown) => {} }));
vi.mock('./live-notes.js', () => ({
  joinLiveNotes: () => new Promise((resolve) => (join.resolve = resolve)),
}));

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
    holds: () => Promise.resolve(),
    leave: () => undefined,
  };
}

async function setup(
  initialNotes = '<p>Agreed</p>',
  save: () => Response | Promise<Response> = () => jsonResponse({ meeting: {} }),
  liveName?: string,
) {
  const api = fakeApi({ [SAVE]: save });
  const fetch = vi.fn<typeof globalThis.fetch>((input, init) => api(input, init));
  const services = createTestServices({ fetch });
  const view = renderWithShell(
    <NotesEditor meetingId="m1" initialNotes={initialNotes} liveName={liveName} />,
    { services },
  );
  // The editor starts on two tasks of its own after the commit.
  await act(() => vi.advanceTimersToNextTimerAsync());
  await act(() => vi.advanceTimersToNextTimerAsync());
  const quill = Quill.find(document.querySelector('.ql-container')!) as Quill;
  const saves = () =>
    fetch.mock.calls
      .filter(([url, init]) => String(url).endsWith('/update-notes') && init?.method === 'PUT')
      .map(([, init]) => ({
        notes: (JSON.parse(String(init!.body)) as { notes: string }).notes,
        keepalive: init!.keepalive === true,
      }));
  return { ...view, quill, saves, services };
}

// jsdom lays nothing out; Quill measures the selection to scroll it into view.
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;

describe('notes editor', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('offers exactly the product toolbar and shows the stored notes', async () => {
    const { quill } = await setup('<h1>Plan</h1><p><a href="https://x.org">x</a></p>');
    const toolbar = [...document.querySelectorAll('.ql-toolbar button')].map(
      (button) =>
        `${button.className.replace('ql-', '')}${(button as HTMLButtonElement).value ? `:${(button as HTMLButtonElement).value}` : ''}`,
    );
    expect(toolbar).toEqual([
      'header:1',
      'header:2',
      'bold',
      'italic',
      'underline',
      'strike',
      'blockquote',
      'list:ordered',
      'list:bullet',
      'link',
      'image',
      'clean',
    ]);
    expect(quill.root.innerHTML).toBe(
      '<h1>Plan</h1><p><a href="https://x.org" rel="noopener noreferrer" target="_blank">x</a></p>',
    );
  });

  it('shows the notes read-only until the editor has them, starting it after the commit', async () => {
    const services = createTestServices({ fetch: vi.fn<typeof globalThis.fetch>() });
    const { container } = renderWithShell(
      <NotesEditor meetingId="m1" initialNotes="<p>Agreed</p>" />,
      { services },
    );
    const editorBox = screen.getByTestId('notes-editor');
    expect(container.querySelector('.ql-container')).toBeNull();
    expect(editorBox.hidden).toBe(true);
    expect(screen.getByText('Agreed').closest('[hidden]')).toBeNull();

    // First its toolbar and modules, on a task of their own: the notes not in it yet.
    await act(() => vi.advanceTimersToNextTimerAsync());
    const quill = Quill.find(container.querySelector('.ql-container')!) as Quill;
    expect(container.querySelectorAll('.ql-toolbar')).toHaveLength(1);
    expect(quill.getText()).toBe('\n');
    expect(editorBox.hidden).toBe(true);

    // Then the notes, on the next task; the read-only copy goes.
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(quill.root.innerHTML).toBe('<p>Agreed</p>');
    expect(quill.history.stack.undo).toHaveLength(0);
    expect(editorBox.hidden).toBe(false);
    expect(screen.getAllByText('Agreed')).toEqual([quill.root.firstElementChild]);
  });

  it('saves what was typed before the room answered once, and never the notes the room showed', async () => {
    const { quill, saves } = await setup('<p>Agreed</p>', undefined, 'ann@example.com');
    await act(async () => {
      quill.insertText(quill.getLength() - 1, ' today', 'user');
      join.resolve(roomBehindTheSave('Agreed'));
      await vi.advanceTimersByTimeAsync(0);
    });
    await act(() => vi.advanceTimersByTimeAsync(10_000));

    expect(saves().map((save) => save.notes)).toEqual(['<p>Agreed today</p>']);
    expect(document.querySelector('[data-testid="notes-editor"]')?.getAttribute('data-live')).toBe(
      'true',
    );
  });

  it('moves into the room once the room shows what was saved on the way in', async () => {
    const { quill, saves } = await setup('<p>Agreed</p>', undefined, 'ann@example.com');
    const asked: string[] = [];
    let shown = () => {};
    await act(async () => {
      quill.insertText(quill.getLength() - 1, ' today', 'user');
      join.resolve({
        ...roomBehindTheSave('Agreed'),
        holds: (text: string) => {
          asked.push(text);
          return new Promise<void>((resolve) => (shown = resolve));
        },
      });
      await vi.advanceTimersByTimeAsync(0);
    });
    const editor = document.querySelector('[data-testid="notes-editor"]')!;
    expect(saves().map((save) => save.notes)).toEqual(['<p>Agreed today</p>']);
    expect(asked).toEqual(['Agreed today\n']);
    expect(editor.getAttribute('data-live')).toBeNull();
    await act(async () => {
      shown();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(editor.getAttribute('data-live')).toBe('true');
  });

  it('keeps what is typed while the save on the way into the room is on its way', async () => {
    const answers: (() => void)[] = [];
    const { quill, saves } = await setup(
      '<p>Agreed</p>',
      () =>
        new Promise<Response>((answer) =>
          answers.push(() => answer(jsonResponse({ meeting: {} }))),
        ),
      'ann@example.com',
    );
    const boundWith: string[] = [];
    await act(async () => {
      quill.insertText(quill.getLength() - 1, ' today', 'user');
      join.resolve({
        ...roomBehindTheSave('unused'),
        bind: (bound: Quill) => {
          boundWith.push(bound.root.innerHTML);
          return roomBehindTheSave('unused').bind(bound);
        },
      });
      await vi.advanceTimersByTimeAsync(0);
    });
    await act(async () => {
      quill.insertText(quill.getLength() - 1, ' and tomorrow', 'user');
      answers.shift()!();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(boundWith).toEqual([]);
    await act(async () => {
      answers.shift()!();
      await vi.advanceTimersByTimeAsync(0);
    });

    expect(saves().map((save) => save.notes)).toEqual([
      '<p>Agreed today</p>',
      '<p>Agreed today and tomorrow</p>',
    ]);
    expect(boundWith).toEqual(['<p>Agreed today and tomorrow</p>']);
  });

  it('saves 5 s after typing stops, and nothing while the notes are unchanged', async () => {
    const { quill, saves } = await setup();
    await act(async () => {
      quill.insertText(quill.getLength() - 1, ' today', 'user');
      await vi.advanceTimersByTimeAsync(4_999);
    });
    expect(saves()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(saves()).toEqual([{ notes: '<p>Agreed today</p>', keepalive: false }]);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(saves()).toHaveLength(1);
  });

  it('saves at once when the editor loses the selection', async () => {
    const { quill, saves } = await setup();
    await act(async () => {
      quill.setSelection(0, 0, 'user');
      quill.insertText(0, 'Not ', 'user');
      quill.blur();
    });
    expect(saves()).toEqual([{ notes: '<p>Not Agreed</p>', keepalive: false }]);
  });

  it('saves with a request that outlives the page when the page hides or goes', async () => {
    const { quill, saves } = await setup();
    await act(async () => {
      quill.insertText(0, 'Hidden ', 'user');
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await act(async () => {
      quill.insertText(0, 'Gone ', 'user');
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(saves()).toEqual([
      { notes: '<p>Hidden Agreed</p>', keepalive: true },
      { notes: '<p>Gone Hidden Agreed</p>', keepalive: true },
    ]);
  });

  it('saves what was typed when the user leaves the page', async () => {
    const { quill, saves, unmount } = await setup();
    await act(async () => quill.insertText(0, 'Last ', 'user'));
    unmount();
    expect(saves()).toEqual([{ notes: '<p>Last Agreed</p>', keepalive: true }]);
  });

  it('never saves an empty editor the user left empty', async () => {
    const { quill, saves, unmount } = await setup('');
    await act(async () => {
      quill.insertText(0, 'x', 'user');
      quill.deleteText(0, quill.getLength(), 'user');
      await vi.advanceTimersByTimeAsync(6_000);
    });
    unmount();
    expect(saves()).toEqual([]);
  });

  it('saves cleared notes as empty, once', async () => {
    const { quill, saves, unmount } = await setup();
    await act(async () => {
      quill.deleteText(0, quill.getLength(), 'user');
      await vi.advanceTimersByTimeAsync(6_000);
    });
    unmount();
    expect(saves()).toEqual([{ notes: '', keepalive: false }]);
  });

  it('turns a pasted URL into a link that opens in a new tab', async () => {
    const { quill } = await setup('');
    await act(async () => {
      quill.insertText(0, 'See https://example.org/x and www.site.io today', 'user');
    });
    expect(quill.root.innerHTML).toBe(
      '<p>See <a href="https://example.org/x" rel="noopener noreferrer" target="_blank">https://example.org/x</a> and ' +
        '<a href="https://www.site.io" rel="noopener noreferrer" target="_blank">www.site.io</a> today</p>',
    );
  });

  it('turns a typed URL into a link when a space or Enter ends it', async () => {
    const { quill } = await setup('');
    await act(async () => {
      for (const key of 'Wiki: http://intranet/wiki next\n') {
        quill.insertText(quill.getLength() - 1, key, 'user');
      }
    });
    expect(quill.root.innerHTML).toBe(
      '<p>Wiki: <a href="http://intranet/wiki" rel="noopener noreferrer" target="_blank">http://intranet/wiki</a> next</p><p><br></p>',
    );
  });

  it('resizes an image with its handle and saves 1.5 s later', async () => {
    const { quill, saves } = await setup('<p>Chart</p>');
    await act(async () => {
      quill.insertEmbed(quill.getLength() - 1, 'image', 'https://x.org/chart.png', 'user');
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(saves()).toHaveLength(1);
    const image = quill.root.querySelector('img')!;
    await act(async () => image.click());
    const handle = document.querySelector('[aria-label="Resize image"]')!;
    expect((handle.parentElement as HTMLElement).style.display).toBe('block');
    await act(async () => {
      handle.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, clientX: 0 }));
      window.dispatchEvent(new MouseEvent('pointermove', { clientX: 180 }));
      window.dispatchEvent(new MouseEvent('pointerup', { clientX: 180 }));
      await vi.advanceTimersByTimeAsync(1_499);
    });
    expect(saves()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(saves()[1]?.notes).toBe('<p>Chart<img src="https://x.org/chart.png" width="180"></p>');
  });

  it('says "Failed to update notes" when a save fails', async () => {
    const { quill, services } = await setup('<p>x</p>', () => jsonResponse({ error: 'down' }, 500));
    await act(async () => {
      quill.insertText(0, 'y', 'user');
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(services.toast.shown).toEqual([
      { kind: 'error', title: 'Error', description: 'Failed to update notes' },
    ]);
  });
});

/** The editor with its status beside it, as the meeting page puts them. */
function WithStatus({ initialNotes }: { initialNotes: string }) {
  const [state, setState] = useState<NotesSaveState>('idle');
  return (
    <>
      <NotesSaveStatus state={state} />
      <NotesEditor meetingId="m1" initialNotes={initialNotes} onSaveState={setState} />
    </>
  );
}

describe('notes editor: its state and its place', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('says "Saving…" while a save is on its way and "Saved" once it went through, politely', async () => {
    let finish!: (response: Response) => void;
    const fetch = vi.fn<typeof globalThis.fetch>(
      () => new Promise<Response>((resolve) => (finish = resolve)),
    );
    renderWithShell(<WithStatus initialNotes="<p>Agreed</p>" />, {
      services: createTestServices({ fetch }),
    });
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');
    await act(() => vi.advanceTimersToNextTimerAsync());
    await act(() => vi.advanceTimersToNextTimerAsync());
    const quill = Quill.find(document.querySelector('.ql-container')!) as Quill;
    await act(async () => {
      quill.insertText(0, 'Now ', 'user');
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(status.textContent).toBe('Saving…');
    await act(async () => finish(await jsonResponse({ meeting: {} })));
    expect(status.textContent).toBe('Saved');
    // Typing again: "Saved" no longer holds until the next save.
    await act(async () => quill.insertText(0, 'And ', 'user'));
    expect(status.textContent).toBe('');
  });

  it("keeps the toolbar's room and the minimum height while the editor loads", async () => {
    const services = createTestServices({ fetch: vi.fn<typeof globalThis.fetch>() });
    renderWithShell(<NotesEditor meetingId="m1" initialNotes="" />, { services });
    const space = screen.getByTestId('notes-toolbar-space');
    // One box per toolbar group, each as wide as its buttons.
    expect([...space.children].map((group) => getComputedStyle(group).width)).toEqual([
      '56px',
      '112px',
      '28px',
      '56px',
      '56px',
      '28px',
    ]);
    expect(getComputedStyle(space).padding).toBe('8px');
    const body = space.nextElementSibling as HTMLElement;
    expect(getComputedStyle(body).minHeight).toBe('400px');
    await act(() => vi.advanceTimersToNextTimerAsync());
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(screen.queryByTestId('notes-placeholder')).toBeNull();
  });
});
