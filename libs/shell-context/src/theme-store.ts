import { THEME_COOKIE, THEME_STORAGE_KEY } from '@meetings/contracts';
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
  /** Stops following the OS preference (tests, teardown). */
  dispose(): void;
}

export interface ThemeStoreOptions {
  /** The shell defaults to 'system', a remote running standalone to 'light' (spec §4). */
  defaultMode: ThemeMode;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  matchMedia?: (query: string) => MediaQueryList;
  /** Where the choice is mirrored for the server (default: document.cookie). */
  writeCookie?: (cookie: string) => void;
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

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The cookie the server reads to include the prerendered landing page in the user's scheme. */
export function themeCookie(mode: ThemeMode, secure: boolean): string {
  return `${THEME_COOKIE}=${mode}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

function documentCookieWriter(): ((cookie: string) => void) | undefined {
  if (typeof document === 'undefined') return undefined;
  return (cookie) => {
    document.cookie = cookie;
  };
}

export function createThemeStore(options: ThemeStoreOptions): ThemeStore {
  const storage = options.storage ?? globalThis.localStorage;
  const media =
    (options.matchMedia ?? globalThis.matchMedia?.bind(globalThis))?.(DARK_QUERY) ?? null;
  const resolve = (mode: ThemeMode): ResolvedThemeMode =>
    mode === 'system' ? (media?.matches ? 'dark' : 'light') : mode;

  const writeCookie = options.writeCookie ?? documentCookieWriter();
  const mirror = (mode: ThemeMode) =>
    writeCookie?.(themeCookie(mode, globalThis.location?.protocol === 'https:'));

  const stored = readStoredMode(storage);
  const initial = stored ?? options.defaultMode;
  const store = createStore<ThemeState>({ mode: initial, resolved: resolve(initial) });
  // A choice made before the cookie existed reaches the server from the next load on.
  if (stored) mirror(stored);

  function setMode(mode: ThemeMode): void {
    try {
      storage?.setItem(THEME_STORAGE_KEY, mode);
    } catch {
      // Private browsing may refuse storage; the choice still applies to this page.
    }
    mirror(mode);
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
    dispose: () => media?.removeEventListener?.('change', onSystemChange),
  };
}
