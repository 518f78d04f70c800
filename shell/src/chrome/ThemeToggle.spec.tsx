import { createTestServices, renderWithShell } from '@meetings/shell-context/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeToggle } from './ThemeToggle.js';

/** The OS prefers dark (or light); nothing else matches. */
function systemPrefersDark(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: dark && query === '(prefers-color-scheme: dark)',
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function setup(defaultThemeMode: 'light' | 'system') {
  renderWithShell(<ThemeToggle />, { services: createTestServices({ defaultThemeMode }) });
  return {
    button: () => screen.getByRole('button'),
    // The page's background as CssBaseline paints it from the scheme's palette.
    shown: () =>
      getComputedStyle(document.body).backgroundColor === 'rgb(18, 18, 18)' ? 'dark' : 'light',
  };
}

describe('the theme toggle', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('flips light and dark, remembering each choice under ui-theme', async () => {
    systemPrefersDark(false);
    const { button, shown } = setup('light');
    expect(button().getAttribute('aria-label')).toBe('Switch to dark theme');
    expect(screen.getByTestId('DarkModeIcon')).toBeTruthy();
    expect(shown()).toBe('light');

    await userEvent.click(button());
    expect(button().getAttribute('aria-label')).toBe('Switch to light theme');
    expect(screen.getByTestId('LightModeIcon')).toBeTruthy();
    expect(shown()).toBe('dark');
    expect(localStorage.getItem('ui-theme')).toBe('dark');

    await userEvent.click(button());
    expect(button().getAttribute('aria-label')).toBe('Switch to dark theme');
    expect(shown()).toBe('light');
    expect(localStorage.getItem('ui-theme')).toBe('light');
  });

  it('on system, starts from what the OS shows and flips away from it', async () => {
    systemPrefersDark(true);
    const { button, shown } = setup('system');
    expect(button().getAttribute('aria-label')).toBe('Switch to light theme');
    expect(shown()).toBe('dark');
    expect(localStorage.getItem('ui-theme')).toBeNull();

    await userEvent.click(button());
    expect(shown()).toBe('light');
    expect(localStorage.getItem('ui-theme')).toBe('light');
  });

  it('starts from a stored choice over the default', () => {
    systemPrefersDark(false);
    localStorage.setItem('ui-theme', 'dark');
    const { button, shown } = setup('system');
    expect(button().getAttribute('aria-label')).toBe('Switch to light theme');
    expect(shown()).toBe('dark');
  });
});
