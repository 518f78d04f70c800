import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SOURCE = readFileSync(new URL('../start-after-paint.js', import.meta.url), 'utf8');

/** Runs the starter as the HTML would, against a page whose frames and tasks the test runs. */
function load({ hidden = false, entry = '/main.1.js' as string | null } = {}) {
  const added: { src: string }[] = [];
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  const listeners = new Map<string, () => void>();
  const document = {
    currentScript: { getAttribute: (name: string) => (name === 'data-entry' ? entry : null) },
    visibilityState: hidden ? 'hidden' : 'visible',
    createElement: (tag: string) => {
      expect(tag).toBe('script');
      return { src: '' };
    },
    head: { appendChild: (element: { src: string }) => added.push(element) },
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
  };
  new Function('document', 'requestAnimationFrame', 'setTimeout', SOURCE)(
    document,
    (callback: () => void) => frames.push(callback),
    (callback: () => void) => tasks.push(callback),
  );
  const run = (queue: (() => void)[]) => queue.splice(0).forEach((callback) => callback());
  return {
    added: () => added.map((element) => element.src),
    frame: () => run(frames),
    task: () => run(tasks),
    listeners,
  };
}

describe('start-after-paint', () => {
  it('adds the entry in the task after the next frame, once', () => {
    const page = load();
    expect(page.added()).toEqual([]);
    page.frame();
    // Still inside the frame: its paint has not happened yet.
    expect(page.added()).toEqual([]);
    page.task();
    expect(page.added()).toEqual(['/main.1.js']);
    page.listeners.get('visibilitychange')!();
    page.frame();
    page.task();
    expect(page.added()).toEqual(['/main.1.js']);
  });

  it('starts at once on a hidden page, which runs no frames', () => {
    const page = load({ hidden: true });
    expect(page.added()).toEqual(['/main.1.js']);
    expect(page.listeners.size).toBe(0);
  });

  it('starts when the page is hidden before its frame, and not again after it', () => {
    const page = load();
    page.listeners.get('visibilitychange')!();
    expect(page.added()).toEqual(['/main.1.js']);
    page.frame();
    page.task();
    expect(page.added()).toEqual(['/main.1.js']);
  });

  it('does nothing without an entry to start', () => {
    const page = load({ entry: null });
    page.frame();
    page.task();
    expect(page.added()).toEqual([]);
    expect(page.listeners.size).toBe(0);
  });
});
