import Button from '@mui/material/Button';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useColorScheme } from './context.js';
import { ShellProviders } from './ShellProviders.js';
import { createTestServices } from './testing.js';

/** The OS's light or dark preference, as window.matchMedia reports it and its changes. */
function systemPrefersDark(initiallyDark: boolean) {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const media = {
    matches: initiallyDark,
    addListener: (listener: () => void) => listeners.add(listener),
    removeListener: (listener: () => void) => listeners.delete(listener),
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (query: string) =>
    query === '(prefers-color-scheme: dark)' ? media : { ...media, matches: false },
  );
  return (dark: boolean) => {
    media.matches = dark;
    act(() => listeners.forEach((listener) => listener(media)));
  };
}

function renderTheme(defaultThemeMode: 'light' | 'system', storage?: Storage) {
  const scheme = {} as ReturnType<typeof useColorScheme>;
  function Probe() {
    Object.assign(scheme, useColorScheme());
    return <Button>Save</Button>;
  }
  const view = render(
    <ShellProviders services={createTestServices({ defaultThemeMode, storage })}>
      <Probe />
    </ShellProviders>,
  );
  /** What is shown: the page's background as CssBaseline paints it from the scheme's palette. */
  const shown = () =>
    getComputedStyle(document.body).backgroundColor === 'rgb(18, 18, 18)' ? 'dark' : 'light';
  return { ...view, scheme, shown };
}

describe('theme mode', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('uses the given default when nothing is stored: system follows the OS', () => {
    systemPrefersDark(true);
    const light = renderTheme('light');
    expect(light.scheme).toMatchObject({ mode: 'light', colorScheme: 'light' });
    expect(light.shown()).toBe('light');
    light.unmount();
    const system = renderTheme('system');
    expect(system.scheme).toMatchObject({ mode: 'system', colorScheme: 'dark' });
    expect(system.shown()).toBe('dark');
    expect(localStorage.getItem('ui-theme')).toBeNull();
  });

  it('remembers the choice under ui-theme and reads it back', () => {
    systemPrefersDark(false);
    const first = renderTheme('system');
    act(() => first.scheme.setMode('dark'));
    expect(first.shown()).toBe('dark');
    expect(localStorage.getItem('ui-theme')).toBe('dark');
    expect(localStorage.length).toBe(1);
    first.unmount();
    expect(renderTheme('light').scheme).toMatchObject({ mode: 'dark', colorScheme: 'dark' });
  });

  it('ignores a stored value that is not a mode', () => {
    systemPrefersDark(true);
    localStorage.setItem('ui-theme', 'purple');
    const { scheme, shown } = renderTheme('system');
    expect(scheme).toMatchObject({ mode: 'system', colorScheme: 'dark' });
    expect(shown()).toBe('dark');
  });

  it('on system, follows the OS preference as it changes; a choice stops that', () => {
    const setDark = systemPrefersDark(false);
    const { scheme, shown } = renderTheme('system');
    expect(shown()).toBe('light');
    setDark(true);
    expect(scheme.colorScheme).toBe('dark');
    expect(shown()).toBe('dark');
    act(() => scheme.setMode('light'));
    setDark(false);
    setDark(true);
    expect(scheme).toMatchObject({ mode: 'light', colorScheme: 'light' });
    expect(shown()).toBe('light');
  });

  it("keeps the mode in the services' storage, the one the session is kept in", () => {
    systemPrefersDark(false);
    const kept = new Map<string, string>([['ui-theme', 'dark']]);
    const storage = {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
    } as Storage;
    const { scheme } = renderTheme('light', storage);
    expect(scheme).toMatchObject({ mode: 'dark', colorScheme: 'dark' });
    act(() => scheme.setMode('system'));
    expect(kept.get('ui-theme')).toBe('system');
    expect(localStorage.length).toBe(0);
  });

  it('works without matchMedia (shown light)', () => {
    vi.stubGlobal('matchMedia', undefined);
    const { scheme, shown } = renderTheme('system');
    expect(scheme.mode).toBe('system');
    expect(scheme.colorScheme).toBeUndefined();
    expect(shown()).toBe('light');
  });

  it('draws the focus ring in the text colour of the scheme shown', () => {
    systemPrefersDark(false);
    const { scheme } = renderTheme('light');
    const css = () =>
      [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
    expect(css()).toContain('outline:2px solid rgba(0, 0, 0, 0.87)');
    act(() => scheme.setMode('dark'));
    expect(css()).toContain('outline:2px solid #fff');
  });
});
