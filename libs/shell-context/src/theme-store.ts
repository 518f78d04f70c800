import { THEME_STORAGE_KEY } from '@meetings/contracts';
import { createStore, type ReadableStore } from './store.js';

export type ThemeMode = 'light' | 'dark' | 'system';
export type ResolvedThemeMode = 'light' | 'dark';

export interface ThemeState {
  /** What the user chose (or the default). */
  mode: ThemeMode;
  /** What is shown: 'system' follows prefers-color-scheme. */
  resolved: ResolvedThemeMode;
}

export interface ThemeStore extends ReadableStore<ThemeState> {
  setMode(mode: ThemeMode): void;
  /** The top bar's light/dark toggle: flips what is shown and remembers it. */
  toggle(): void;
}

export interface ThemeStoreOptions {
  /** The shell defaults to 'system', a remote running standalone to 'light'. */
  defaultMode: ThemeMode;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  matchMedia?: (query: string) => MediaQueryList;
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

function isThemeMode(value: unknown): value is ThemeMode {
  return value === 'light' || value === 'dark' || value === 'system';
}

function readStoredMode(storage: ThemeStoreOptions['storage']): ThemeMode | null {
  try {
    const stored = storage?.getItem(THEME_STORAGE_KEY);
    return isThemeMode(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function createThemeStore(options: ThemeStoreOptions): ThemeStore {
  const storage = options.storage ?? globalThis.localStorage;
  const media =
    (options.matchMedia ?? globalThis.matchMedia?.bind(globalThis))?.(DARK_QUERY) ?? null;
  const resolve = (mode: ThemeMode): ResolvedThemeMode =>
    mode === 'system' ? (media?.matches ? 'dark' : 'light') : mode;

  const stored = readStoredMode(storage);
  const initial = stored ?? options.defaultMode;
  const store = createStore<ThemeState>({ mode: initial, resolved: resolve(initial) });

  function setMode(mode: ThemeMode): void {
    try {
      storage?.setItem(THEME_STORAGE_KEY, mode);
    } catch {
      // Private browsing may refuse storage; the choice still applies to this page.
    }
    store.set({ mode, resolved: resolve(mode) });
  }

  function onSystemChange(): void {
    const { mode, resolved } = store.getSnapshot();
    if (mode === 'system' && resolve(mode) !== resolved)
      store.set({ mode, resolved: resolve(mode) });
  }
  media?.addEventListener?.('change', onSystemChange);

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    setMode,
    toggle: () => setMode(store.getSnapshot().resolved === 'dark' ? 'light' : 'dark'),
  };
}
