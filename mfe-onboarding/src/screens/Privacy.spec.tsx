import {
  createTestServices,
  fakeApi,
  jsonResponse,
  renderWithShell,
} from '@meetings/shell-context/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Privacy } from './Privacy.js';

function setup(accept: () => Response, state?: unknown) {
  const fetch = fakeApi({ 'POST /auth/accept-privacy': accept });
  const services = createTestServices({ fetch });
  const view = renderWithShell(<Privacy />, {
    route: { pathname: '/privacy', state },
    path: '/privacy',
    services,
  });
  return { ...view, services, user: userEvent.setup() };
}

describe('/privacy', () => {
  it('shows the dated statement with its sections', () => {
    setup(() => jsonResponse({ success: true }));
    expect(screen.getByText('Last updated: August 13, 2025')).toBeTruthy();
    for (const heading of [
      'Information we collect',
      'How we use it',
      'Sharing',
      'Security',
      'Cookies',
      'Changes to this statement',
    ]) {
      expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
    }
    expect(screen.getByText(/single first-party session cookie/)).toBeTruthy();
  });

  it('"I Accept" returns to the page the user came from', async () => {
    const { user, services } = setup(() => jsonResponse({ success: true }), {
      from: '/app/actions?search=x',
    });
    await user.click(screen.getByRole('button', { name: 'I Accept' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/app/actions?search=x'),
    );
    expect(services.privacy.getSnapshot()).toBe(true);
  });

  it('"I Accept" goes to the meetings when there is nowhere to return to', async () => {
    const { user } = setup(() => jsonResponse({ success: true }));
    await user.click(screen.getByRole('button', { name: 'I Accept' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/meetings'));
  });

  it('a failure says so and stays', async () => {
    const { user, services } = setup(() => jsonResponse({ error: 'down' }, 500));
    await user.click(screen.getByRole('button', { name: 'I Accept' }));
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        {
          kind: 'error',
          title: 'Error',
          description: 'Failed to save your privacy preferences. Please try again.',
        },
      ]),
    );
    expect(screen.getByTestId('location').textContent).toBe('/privacy');
  });
});
