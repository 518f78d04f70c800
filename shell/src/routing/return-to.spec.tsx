import {
  createTestServices,
  fakeApi,
  jsonResponse,
  renderWithShell,
} from '@meetings/shell-context/testing';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberReturnTo, takeReturnTo } from './return-to.js';
import { RouteGuard } from './RouteGuard.js';
import { UnknownPath } from './UnknownPath.js';

const KEY = 'meetings.returnTo';

function api(authenticated: boolean) {
  return fakeApi({
    'GET /auth/status': () => jsonResponse({ authenticated }),
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
}

function guarded(route: string, authenticated: boolean) {
  return renderWithShell(
    <RouteGuard>
      <p>app page</p>
    </RouteGuard>,
    { route, path: '*', services: createTestServices({ fetch: api(authenticated) }) },
  );
}

const location = () => screen.getByTestId('location').textContent;

afterEach(() => sessionStorage.clear());

describe('a link into the app followed while signed out', () => {
  it('is remembered when the guard sends the visitor to sign in', async () => {
    guarded('/app/meetings/m1?from=mail', false);
    await waitFor(() => expect(location()).toBe('/login'));
    expect(sessionStorage.getItem(KEY)).toBe('/app/meetings/m1?from=mail');
  });

  it('leads there, once, when the guard lets the signed-in user into the app', async () => {
    sessionStorage.setItem(KEY, '/app/meetings/m1?from=mail');
    guarded('/app/meetings', true);
    await waitFor(() => expect(location()).toBe('/app/meetings/m1?from=mail'));
    expect(await screen.findByText('app page')).toBeTruthy();
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it.each(['//evil.example/app', 'https://evil.example/app', '/login', '/\\evil.example', 'app'])(
    'ignores %s: only pages of this app under /app',
    async (stored) => {
      sessionStorage.setItem(KEY, stored);
      guarded('/app/meetings', true);
      expect(await screen.findByText('app page')).toBeTruthy();
      expect(location()).toBe('/app/meetings');
      expect(sessionStorage.getItem(KEY)).toBeNull();
    },
  );

  it('remembers nothing but /app pages', () => {
    rememberReturnTo('//evil.example/app/meetings');
    rememberReturnTo('/privacy');
    expect(takeReturnTo()).toBeNull();
    rememberReturnTo('/app/actions?search=x');
    expect(takeReturnTo()).toBe('/app/actions?search=x');
    expect(takeReturnTo()).toBeNull();
  });
});

describe('a path no page has', () => {
  it.each([
    [true, '/app/meetings'],
    [false, '/'],
  ])('sends a user signed in=%s to %s', async (authenticated, target) => {
    renderWithShell(<UnknownPath />, {
      route: '/no-such-page',
      path: '/no-such-page',
      services: createTestServices({ fetch: api(authenticated) }),
    });
    await waitFor(() => expect(location()).toBe(target));
  });
});
