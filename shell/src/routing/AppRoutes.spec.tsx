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
});
