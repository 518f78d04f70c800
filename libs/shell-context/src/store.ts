import { useDeferredValue, useSyncExternalStore } from 'react';

/** A value that React can read with useSyncExternalStore. */
export interface ReadableStore<T> {
  getSnapshot(): T;
  subscribe(listener: () => void): () => void;
}

export interface WritableStore<T> extends ReadableStore<T> {
  set(next: T): void;
}

export function createStore<T>(initial: T): WritableStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

/** A store's current value; the component renders again when it changes. */
export function useStore<T>(store: ReadableStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/**
 * A store's value for a list that can grow by a page: a store update renders synchronously in one
 * task, the deferred copy renders in slices that yield to input. Everything the component derives
 * (effects, an infinite-scroll sentinel) reads this same copy, so it matches what is on screen.
 */
export function useDeferredStore<T>(store: ReadableStore<T>): T {
  return useDeferredValue(useStore(store));
}
