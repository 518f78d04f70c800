import { beforeEach, describe, expect, it } from 'vitest';
import { createThemeStore } from './theme-store.js';

function fakeMedia(initiallyDark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: initiallyDark,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  return {
    matchMedia: () => media as unknown as MediaQueryList,
    setDark(dark: boolean) {
      media.matches = dark;
      listeners.forEach((listener) => listener());
    },
  };
}

describe('theme store', () => {
  beforeEach(() => localStorage.clear());

  it('uses the given default when nothing is stored', () => {
    const light = createThemeStore({
      defaultMode: 'light',
      matchMedia: fakeMedia(true).matchMedia,
    });
    expect(light.getSnapshot()).toEqual({ mode: 'light', resolved: 'light' });
    const system = createThemeStore({
      defaultMode: 'system',
      matchMedia: fakeMedia(true).matchMedia,
    });
    expect(system.getSnapshot()).toEqual({ mode: 'system', resolved: 'dark' });
  });

  it('remembers the choice under ui-theme and reads it back', () => {
    const store = createThemeStore({
      defaultMode: 'system',
      matchMedia: fakeMedia(false).matchMedia,
    });
    store.setMode('dark');
    expect(localStorage.getItem('ui-theme')).toBe('dark');
    const next = createThemeStore({
      defaultMode: 'light',
      matchMedia: fakeMedia(false).matchMedia,
    });
    expect(next.getSnapshot()).toEqual({ mode: 'dark', resolved: 'dark' });
  });

  it('ignores a stored value that is not a theme', () => {
    localStorage.setItem('ui-theme', 'purple');
    const store = createThemeStore({
      defaultMode: 'system',
      matchMedia: fakeMedia(false).matchMedia,
    });
    expect(store.getSnapshot().mode).toBe('system');
  });

  it('on system, follows the OS preference as it changes', () => {
    const media = fakeMedia(false);
    const store = createThemeStore({ defaultMode: 'system', matchMedia: media.matchMedia });
    let notified = 0;
    store.subscribe(() => (notified += 1));
    media.setDark(true);
    expect(store.getSnapshot().resolved).toBe('dark');
    expect(notified).toBe(1);
    store.setMode('light');
    media.setDark(false);
    media.setDark(true);
    expect(store.getSnapshot()).toEqual({ mode: 'light', resolved: 'light' });
  });

  it('toggle flips what is shown and stores it', () => {
    const store = createThemeStore({
      defaultMode: 'system',
      matchMedia: fakeMedia(true).matchMedia,
    });
    store.toggle();
    expect(store.getSnapshot()).toEqual({ mode: 'light', resolved: 'light' });
    expect(localStorage.getItem('ui-theme')).toBe('light');
    store.toggle();
    expect(localStorage.getItem('ui-theme')).toBe('dark');
  });

  it('works without matchMedia (treated as light)', () => {
    const store = createThemeStore({
      defaultMode: 'system',
      matchMedia: () => null as unknown as MediaQueryList,
    });
    expect(store.getSnapshot().resolved).toBe('light');
  });
});
