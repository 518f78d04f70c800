import { describe, expect, it } from 'vitest';
import { insertScriptsInSlices, type ScriptLoaderRuntime } from './script-slices.js';

/** A runtime whose loader records what it inserted, each insertion taking `costMs` of a fake clock. */
function setUp(costMs: number, failOn?: string) {
  let clock = 0;
  const inserted: string[] = [];
  const tasks: (() => void)[] = [];
  const runtime: ScriptLoaderRuntime = {
    l: (url) => {
      clock += costMs;
      if (url === failOn) throw new Error(`cannot insert ${url}`);
      inserted.push(url as string);
    },
  };
  insertScriptsInSlices(runtime, {
    sliceMs: 8,
    now: () => clock,
    schedule: (next) => tasks.push(next),
  });
  /** Runs the next scheduled task; returns what it inserted. */
  const runTask = () => {
    const before = inserted.length;
    try {
      tasks.shift()!();
    } catch {
      // The failing insertion's error leaves the task, as the bundler's own would.
    }
    return inserted.slice(before);
  };
  return { runtime, inserted, tasks, runTask };
}

describe('inserting chunk scripts in slices', () => {
  it('inserts nothing in the task that asks, then everything in order in later tasks', () => {
    const { runtime, inserted, tasks, runTask } = setUp(3);
    for (const url of ['a.js', 'b.js', 'c.js', 'd.js', 'e.js']) runtime.l(url, () => undefined);
    expect(inserted).toEqual([]);
    expect(tasks).toHaveLength(1);
    // 3 ms each against an 8 ms slice: three per task.
    expect(runTask()).toEqual(['a.js', 'b.js', 'c.js']);
    expect(runTask()).toEqual(['d.js', 'e.js']);
    expect(tasks).toHaveLength(0);
  });

  it('passes each call on with all its arguments', () => {
    const calls: unknown[][] = [];
    const tasks: (() => void)[] = [];
    const runtime: ScriptLoaderRuntime = { l: (...args) => void calls.push(args) };
    insertScriptsInSlices(runtime, { schedule: (next) => tasks.push(next) });
    const done = () => undefined;
    runtime.l('/1.js', done, 'chunk-1', 1);
    tasks.shift()!();
    expect(calls).toEqual([['/1.js', done, 'chunk-1', 1]]);
  });

  it('inserts at least one script per task however slow one is', () => {
    const { runtime, runTask } = setUp(20);
    runtime.l('a.js');
    runtime.l('b.js');
    expect(runTask()).toEqual(['a.js']);
    expect(runTask()).toEqual(['b.js']);
  });

  it('starts a new task for a script asked for after the queue ran dry', () => {
    const { runtime, tasks, runTask } = setUp(1);
    runtime.l('a.js');
    expect(runTask()).toEqual(['a.js']);
    expect(tasks).toHaveLength(0);
    runtime.l('b.js');
    expect(tasks).toHaveLength(1);
    expect(runTask()).toEqual(['b.js']);
  });

  it('still inserts the rest when one insertion throws', () => {
    const { runtime, runTask } = setUp(1, 'b.js');
    for (const url of ['a.js', 'b.js', 'c.js']) runtime.l(url);
    expect(runTask()).toEqual(['a.js']);
    expect(runTask()).toEqual(['c.js']);
  });
});
