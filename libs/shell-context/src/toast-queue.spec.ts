import { describe, expect, it, vi } from 'vitest';
import { createLazyToastQueue, type Enqueue, type Notistack } from './toast-queue.js';

/** A loader the test settles by hand, standing in for the notistack chunk's fetch. */
function deferredLoader() {
  const attempts: { resolve: (m: Notistack) => void; reject: (e: unknown) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<Notistack>((resolve, reject) => {
        attempts.push({ resolve, reject });
      }),
  );
  return { load, attempts };
}

const fakeModule = { SnackbarProvider: () => null } as unknown as Notistack;

describe('lazy toast queue', () => {
  it('fetches notistack on the first toast only, not before', async () => {
    const { load, attempts } = deferredLoader();
    const queue = createLazyToastQueue(load);
    expect(load).not.toHaveBeenCalled();
    queue.enqueue('Saved');
    queue.enqueue('Saved again');
    expect(load).toHaveBeenCalledTimes(1);
    attempts[0]!.resolve(fakeModule);
    await vi.waitFor(() => expect(queue.getSnapshot()).toBe(fakeModule));
  });

  it('tells the host when notistack has arrived, and shows what waited in order once attached', async () => {
    const { load, attempts } = deferredLoader();
    const queue = createLazyToastQueue(load);
    const host = vi.fn();
    queue.subscribe(host);
    queue.enqueue('first', { variant: 'success' });
    queue.enqueue('second', { variant: 'error' });
    attempts[0]!.resolve(fakeModule);
    await vi.waitFor(() => expect(host).toHaveBeenCalledTimes(1));

    const shown = vi.fn<Enqueue>();
    queue.attach(shown);
    expect(shown.mock.calls).toEqual([
      ['first', { variant: 'success' }],
      ['second', { variant: 'error' }],
    ]);
    queue.enqueue('third');
    expect(shown).toHaveBeenLastCalledWith('third', undefined);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the toasts and fetches again with the next one when the fetch failed', async () => {
    const { load, attempts } = deferredLoader();
    const onLoadError = vi.fn();
    const queue = createLazyToastQueue(load, onLoadError);
    queue.enqueue('lost connection');
    attempts[0]!.reject(new Error('ChunkLoadError'));
    await vi.waitFor(() => expect(onLoadError).toHaveBeenCalledTimes(1));
    expect(queue.getSnapshot()).toBeNull();

    queue.enqueue('retry');
    expect(load).toHaveBeenCalledTimes(2);
    attempts[1]!.resolve(fakeModule);
    await vi.waitFor(() => expect(queue.getSnapshot()).toBe(fakeModule));
    const shown = vi.fn<Enqueue>();
    queue.attach(shown);
    expect(shown.mock.calls.map(([message]) => message)).toEqual(['lost connection', 'retry']);
  });

  it('keeps toasts waiting while no host is attached, for the next one', async () => {
    const { load, attempts } = deferredLoader();
    const queue = createLazyToastQueue(load);
    queue.enqueue('first');
    attempts[0]!.resolve(fakeModule);
    await vi.waitFor(() => expect(queue.getSnapshot()).toBe(fakeModule));
    const gone = vi.fn<Enqueue>();
    const detach = queue.attach(gone);
    detach();
    queue.enqueue('while away');
    expect(gone.mock.calls.map(([message]) => message)).toEqual(['first']);
    const next = vi.fn<Enqueue>();
    queue.attach(next);
    expect(next.mock.calls.map(([message]) => message)).toEqual(['while away']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a host that unsubscribed is not told', async () => {
    const { load, attempts } = deferredLoader();
    const queue = createLazyToastQueue(load);
    const host = vi.fn();
    queue.subscribe(host)();
    queue.enqueue('x');
    attempts[0]!.resolve(fakeModule);
    await vi.waitFor(() => expect(queue.getSnapshot()).toBe(fakeModule));
    expect(host).not.toHaveBeenCalled();
  });
});
