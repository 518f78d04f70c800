import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotesAutosave, EMPTY_NOTES, type NotesSaveState } from './autosave.js';

function setup(initial = '<p>Saved</p>') {
  let html = initial;
  const save = vi.fn((_html: string, _options: { keepalive: boolean }) => Promise.resolve());
  const onError = vi.fn();
  const states: NotesSaveState[] = [];
  const autosave = createNotesAutosave({
    initial,
    read: () => html,
    save,
    onError,
    onState: (state) => states.push(state),
  });
  return {
    autosave,
    save,
    onError,
    states,
    type(next: string) {
      html = next;
      autosave.changed();
    },
    set(next: string) {
      html = next;
    },
  };
}

describe('notes autosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves 5 s after typing stops, once', async () => {
    const { type, save } = setup();
    type('<p>S</p>');
    await vi.advanceTimersByTimeAsync(4_000);
    type('<p>So</p>');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('<p>So</p>', { keepalive: false });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('sends nothing when the notes equal the last saved value', async () => {
    const { type, save, autosave } = setup();
    type('<p>Saved</p>');
    await vi.advanceTimersByTimeAsync(5_000);
    await autosave.flush({ keepalive: true });
    expect(save).not.toHaveBeenCalled();
  });

  it('sends nothing from an untouched empty editor', async () => {
    const { type, save, autosave } = setup('');
    type(EMPTY_NOTES);
    await vi.advanceTimersByTimeAsync(5_000);
    type('<p>x</p>');
    type(EMPTY_NOTES);
    await vi.advanceTimersByTimeAsync(5_000);
    await autosave.flush({ keepalive: true });
    expect(save).not.toHaveBeenCalled();
  });

  it('saves empty notes when the user deletes everything, once', async () => {
    const { type, save, autosave } = setup('<p>Old text</p>');
    type(EMPTY_NOTES);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(save).toHaveBeenCalledExactlyOnceWith('', { keepalive: false });
    await autosave.flush({ keepalive: true });
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('saves at once when asked (selection lost, page hidden, leaving), with keepalive when the page goes', async () => {
    const { set, save, autosave } = setup();
    set('<p>Blurred</p>');
    await autosave.flush();
    expect(save).toHaveBeenLastCalledWith('<p>Blurred</p>', { keepalive: false });
    set('<p>Hidden</p>');
    await autosave.flush({ keepalive: true });
    expect(save).toHaveBeenLastCalledWith('<p>Hidden</p>', { keepalive: true });
    // Already saved: leaving sends nothing more.
    await autosave.flush({ keepalive: true });
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('saves an image resize after 1.5 s', async () => {
    const { set, save, autosave } = setup();
    set('<p><img src="https://x.org/a.png" width="120"></p>');
    autosave.resized();
    await vi.advanceTimersByTimeAsync(1_499);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('a save made meanwhile cancels the pending ones', async () => {
    const { type, save, autosave } = setup();
    type('<p>Typed</p>');
    autosave.resized();
    await autosave.flush();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('does not send the same notes twice while a save is in flight', async () => {
    const { set, save, autosave } = setup();
    let finish!: () => void;
    save.mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)));
    set('<p>Once</p>');
    const first = autosave.flush();
    const second = autosave.flush({ keepalive: true });
    expect(save).toHaveBeenCalledTimes(1);
    finish();
    await Promise.all([first, second]);
  });

  it('reports a failed save and tries again next time', async () => {
    const { set, save, onError, autosave } = setup();
    save.mockRejectedValueOnce(new Error('down'));
    set('<p>Retry me</p>');
    await autosave.flush();
    expect(onError).toHaveBeenCalledTimes(1);
    await autosave.flush();
    expect(save).toHaveBeenCalledTimes(2);
  });
});

describe('notes autosave: the state it tells', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('unsaved while typing, saving while the save is on its way, then saved', async () => {
    const { type, save, states } = setup();
    let finish!: () => void;
    save.mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)));
    type('<p>S</p>');
    type('<p>So</p>');
    expect(states).toEqual(['unsaved']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(states).toEqual(['unsaved', 'saving']);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual(['unsaved', 'saving', 'saved']);
  });

  it('says nothing when nothing was sent, and is back where it was after an undo', async () => {
    const { type, autosave, states } = setup();
    await autosave.flush();
    expect(states).toEqual([]);
    type('<p>Changed</p>');
    type('<p>Saved</p>');
    await autosave.flush();
    expect(states).toEqual(['unsaved', 'idle']);
  });

  it('is not "saved" when typing went on while the save was on its way', async () => {
    const { type, save, states } = setup();
    let finish!: () => void;
    save.mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)));
    type('<p>First</p>');
    await vi.advanceTimersByTimeAsync(5_000);
    type('<p>First and more</p>');
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual(['unsaved', 'saving', 'unsaved']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(states).toEqual(['unsaved', 'saving', 'unsaved', 'saving', 'saved']);
  });

  it('failed when the save fails, saved once a retry goes through', async () => {
    const { set, save, autosave, states } = setup();
    save.mockRejectedValueOnce(new Error('down'));
    set('<p>Retry me</p>');
    await autosave.flush();
    expect(states).toEqual(['saving', 'failed']);
    await autosave.flush();
    expect(states).toEqual(['saving', 'failed', 'saving', 'saved']);
  });

  it('leaving saves what was typed, to outlive the page, and tells nothing after', async () => {
    const { type, save, autosave, states } = setup();
    type('<p>Leaving</p>');
    autosave.leave();
    expect(save).toHaveBeenCalledExactlyOnceWith('<p>Leaving</p>', { keepalive: true });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(save).toHaveBeenCalledOnce();
    expect(states).toEqual(['unsaved', 'saving']);
  });
});
