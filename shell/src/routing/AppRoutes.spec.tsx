import {
  createTestServices,
  fakeApi,
  jsonResponse,
  renderWithShell,
} from '@meetings/shell-context/testing';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from './AppRoutes.js';

vi.mock('../remote/RemoteApp.js', () => ({
  RemoteApp: ({ name }: { name: string }) => <p>{name}</p>,
}));

describe('<AppRoutes>', () => {
  it.each(['/privacy/', '/trial-notice/', '/subscription-choice/'])(
    'guards %s as it guards the screen without the trailing slash',
    async (route) => {
      const fetch = fakeApi({ 'GET /auth/status': () => jsonResponse({ authenticated: false }) });
      renderWithShell(<AppRoutes />, { route, services: createTestServices({ fetch }) });
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
      expect(await screen.findByText('mfe_onboarding')).toBeTruthy();
    },
  );

  it.each([
    ['/privacy/', true],
    ['/trial-notice/', true],
    ['/privacy/', false],
  ])(
    'decides %s as the screen without the trailing slash (privacy accepted: %s)',
    async (route, accepted) => {
      const fetch = fakeApi({
        'GET /auth/status': () => jsonResponse({ authenticated: true }),
        'GET /auth/privacy-status': () => jsonResponse({ hasAcceptedPrivacy: accepted }),
        'GET /auth/subscription-status': () =>
          jsonResponse({
            status: 'paid',
            trialExpiresOn: '',
            daysRemaining: 0,
            hasSeenTrialNotice: true,
            lastSubscriptionChangeTime: 0,
          }),
      });
      renderWithShell(<AppRoutes />, { route, services: createTestServices({ fetch }) });
      const expected = accepted ? '/app/meetings' : route;
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(expected));
      if (!accepted) expect(await screen.findByText('mfe_onboarding')).toBeTruthy();
    },
  );
});
