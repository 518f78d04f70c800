import {
  createTestServices,
  fakeApi,
  jsonResponse,
  renderWithShell,
} from '@meetings/shell-context/testing';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RouteGuard } from './RouteGuard.js';

describe('<RouteGuard>', () => {
  it('shows a spinner while checking, then the page', async () => {
    let answer!: (response: Response) => void;
    const fetch = fakeApi({
      'GET /auth/status': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /auth/privacy-status': () => jsonResponse({ hasAcceptedPrivacy: true }),
      'GET /auth/subscription-status': () =>
        jsonResponse({
          status: 'paid',
          trialExpiresOn: '',
          daysRemaining: 0,
          hasSeenTrialNotice: true,
          lastSubscriptionChangeTime: 0,
        }),
    });
    renderWithShell(
      <RouteGuard>
        <p>meetings page</p>
      </RouteGuard>,
      { route: '/app/meetings', path: '/app/meetings', services: createTestServices({ fetch }) },
    );
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('meetings page')).toBeNull();
    answer(jsonResponse({ authenticated: true }));
    expect(await screen.findByText('meetings page')).toBeTruthy();
  });

  it('redirects to /privacy remembering where the user was going', async () => {
    const fetch = fakeApi({
      'GET /auth/status': () => jsonResponse({ authenticated: true }),
      'GET /auth/privacy-status': () => jsonResponse({ hasAcceptedPrivacy: false }),
    });
    renderWithShell(
      <RouteGuard>
        <p>actions page</p>
      </RouteGuard>,
      {
        route: '/app/actions?search=x',
        path: '/app/actions',
        services: createTestServices({ fetch }),
      },
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/privacy'));
    expect(screen.queryByText('actions page')).toBeNull();
  });
});
