import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';
import { createStore, type ReadableStore } from './store.js';

export type Notistack = typeof import('notistack');
export type Enqueue = (message: SnackbarMessage, options?: OptionsObject) => unknown;

/**
 * The toast queue, with notistack (8 KB gzip) fetched on the first toast instead of with every
 * page: most page loads show no toast. Toasts asked for before it arrives wait here and show in
 * order once its provider has mounted; a failed fetch is retried with the next toast. As a store
 * it holds the loaded notistack module, or null: what the host renders.
 */
export interface LazyToastQueue extends ReadableStore<Notistack | null> {
  enqueue: Enqueue;
  /**
   * Called by the host once notistack's provider has mounted; shows what waited. The returned
   * function detaches it again (the host unmounted): toasts then wait for the next host.
   */
  attach(enqueue: Enqueue): () => void;
  /** Hides a shown toast (its own button was used). */
  close(key: SnackbarKey): void;
}

export function createLazyToastQueue(
  load: () => Promise<Notistack> = () => import('notistack'),
  onLoadError: (error: unknown) => void = (error) => console.error('toasts unavailable', error),
): LazyToastQueue {
  const waiting: Parameters<Enqueue>[] = [];
  const notistack = createStore<Notistack | null>(null);
  let loading = false;
  let attached: Enqueue | null = null;

  function startLoading() {
    if (loading) return;
    loading = true;
    load().then(notistack.set, (error: unknown) => {
      loading = false;
      onLoadError(error);
    });
  }

  return {
    enqueue(message, options) {
      if (attached) return attached(message, options);
      waiting.push([message, options]);
      startLoading();
      return undefined;
    },
    getSnapshot: notistack.getSnapshot,
    subscribe: notistack.subscribe,
    attach(enqueue) {
      attached = enqueue;
      for (const [message, options] of waiting.splice(0)) enqueue(message, options);
      return () => {
        if (attached === enqueue) attached = null;
      };
    },
    close(key) {
      notistack.getSnapshot()?.closeSnackbar(key);
    },
  };
}
