import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createShellServices } from './services.js';
import { ShellProviders } from './ShellProviders.js';
import { createToast } from './toast.js';

describe('toast helper', () => {
  it('shows a success toast with a title and an optional description', () => {
    const enqueue = vi.fn();
    createToast(enqueue).success('User added', 'a@b.co has been added successfully.');
    const [message, options] = enqueue.mock.calls[0]!;
    expect(options).toEqual({ variant: 'success' });
    render(<>{message}</>);
    expect(screen.getByText('User added')).toBeTruthy();
    expect(screen.getByText('a@b.co has been added successfully.')).toBeTruthy();
  });

  it('titles error toasts "Error" unless told otherwise', () => {
    const enqueue = vi.fn();
    const toast = createToast(enqueue);
    toast.error('Failed to load actions');
    toast.error('You do not have permission to delete this action item.', 'Permission Denied');
    expect(enqueue.mock.calls.map(([, options]) => options)).toEqual([
      { variant: 'error' },
      { variant: 'error' },
    ]);
    render(<>{enqueue.mock.calls.map(([message]) => message)}</>);
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.getByText('Permission Denied')).toBeTruthy();
    expect(screen.getByText('Failed to load actions')).toBeTruthy();
  });
});

describe('toasts on the page', () => {
  it('shows a toast under ShellProviders once notistack has loaded on demand', async () => {
    const services = createShellServices({
      defaultThemeMode: 'light',
      storage: globalThis.localStorage,
      matchMedia: () => ({ matches: false }) as MediaQueryList,
    });
    render(
      <ShellProviders services={services}>
        <p>page</p>
      </ShellProviders>,
    );
    expect(document.querySelector('.notistack-SnackbarContainer')).toBeNull();
    services.toast.success('Meeting created', 'It is on your list.');
    services.toast.error('Failed to load actions');
    expect(await screen.findByText('Meeting created')).toBeTruthy();
    expect(screen.getByText('It is on your list.')).toBeTruthy();
    expect(await screen.findByText('Failed to load actions')).toBeTruthy();
    expect(screen.getByText('page')).toBeTruthy();
  });
});
