import { fireEvent, render, screen } from '@testing-library/react';
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

describe('a toast with Undo', () => {
  it('shows an Undo button that hides the toast and takes the change back, and stays longer', () => {
    const enqueue = vi.fn();
    const close = vi.fn();
    const undo = vi.fn();
    createToast(enqueue, close).success(
      'Agenda item deleted',
      'Agenda item removed successfully.',
      {
        undo,
      },
    );
    const [message, options] = enqueue.mock.calls[0]!;
    expect(options).toMatchObject({ variant: 'success', autoHideDuration: 10_000 });
    render(
      <>
        {message}
        {options.action('toast-1')}
      </>,
    );
    expect(screen.getByText('Agenda item deleted')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(close).toHaveBeenCalledWith('toast-1');
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('is a plain toast without undo', () => {
    const enqueue = vi.fn();
    createToast(enqueue).success('Agenda item deleted');
    expect(enqueue.mock.calls[0]![1]).toEqual({ variant: 'success' });
  });
});

describe('toasts on the page', () => {
  it('shows toasts under ShellProviders', async () => {
    const services = createShellServices({
      defaultThemeMode: 'light',
      storage: globalThis.localStorage,
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
    // Confirmations are read politely (errors stay notistack's role="alert").
    const success = screen.getByText('Meeting created').closest('.notistack-MuiContent');
    expect([success?.getAttribute('role'), success?.getAttribute('aria-live')]).toEqual([
      'status',
      'polite',
    ]);
  });
});
