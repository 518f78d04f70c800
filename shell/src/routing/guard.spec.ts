import type { SubscriptionStatus } from '@meetings/contracts';
import { createTestServices, fakeApi, jsonResponse } from '@meetings/shell-context/testing';
import { describe, expect, it, vi } from 'vitest';
import { decideRoute } from './guard.js';

const activeTrial: SubscriptionStatus = {
  status: 'trial',
  trialExpiresOn: '2025-12-24T00:00:00.000Z',
  daysRemaining: 12,
  hasSeenTrialNotice: true,
  lastSubscriptionChangeTime: 0,
};

interface World {
  authenticated?: boolean;
  privacy?: boolean | 'error';
  subscription?: Partial<SubscriptionStatus> | 'error';
}

function decide(path: string, world: World = {}) {
  const { authenticated = true, privacy = true, subscription = {} } = world;
  const fetch = fakeApi({
    'GET /auth/status': () => jsonResponse({ authenticated }),
    'GET /auth/privacy-status': () =>
      privacy === 'error'
        ? jsonResponse({ error: 'down' }, 503)
        : jsonResponse({ hasAcceptedPrivacy: privacy }),
    'GET /auth/subscription-status': () =>
      subscription === 'error'
        ? jsonResponse({ error: 'down' }, 503)
        : jsonResponse({ ...activeTrial, ...subscription }),
  });
  const services = createTestServices({ fetch, currentPath: () => path });
  const [pathname, search = ''] = path.split('?');
  return {
    target: decideRoute(services, { pathname: pathname!, search: search ? `?${search}` : '' }),
    calls: () => fetch.calls.map((call) => call.path),
  };
}

describe('route guard, checks in order', () => {
  it('1. sends a signed-out user to /login before asking anything else', async () => {
    const { target, calls } = decide('/app/meetings', { authenticated: false });
    expect(await target).toBe('/login');
    expect(calls()).toEqual(['/auth/status']);
  });

  it('2. sends a user who has not accepted the privacy statement to /privacy', async () => {
    const { target, calls } = decide('/app/actions', { privacy: false });
    expect(await target).toBe('/privacy');
    // Asked together with the privacy status, but privacy decides first.
    expect(calls()).toEqual(['/auth/status', '/auth/privacy-status', '/auth/subscription-status']);
    expect(await decide('/privacy', { privacy: false }).target).toBeNull();
    expect(
      await decide('/trial-notice', { privacy: false, subscription: { hasSeenTrialNotice: false } })
        .target,
    ).toBe('/privacy');
  });

  it('asks privacy and subscription together once the user is signed in', async () => {
    let answerPrivacy: (response: Response) => void = () => undefined;
    const fetch = fakeApi({
      'GET /auth/status': () => jsonResponse({ authenticated: true }),
      'GET /auth/privacy-status': () =>
        new Promise<Response>((resolve) => {
          answerPrivacy = resolve;
        }),
      'GET /auth/subscription-status': () => jsonResponse(activeTrial),
    });
    const services = createTestServices({ fetch, currentPath: () => '/app/meetings' });
    const target = decideRoute(services, { pathname: '/app/meetings', search: '' });
    await vi.waitFor(() =>
      expect(fetch.calls.map((call) => call.path)).toContain('/auth/subscription-status'),
    );
    answerPrivacy(jsonResponse({ hasAcceptedPrivacy: true }));
    expect(await target).toBeNull();
  });

  it('treats a failed privacy check as accepted', async () => {
    expect(await decide('/app/meetings', { privacy: 'error' }).target).toBeNull();
  });

  it('3. takes a user who accepted away from /privacy', async () => {
    expect(await decide('/privacy').target).toBe('/app/meetings');
  });

  it('4. shows the trial notice until it is seen, except on the notice and the plan choice', async () => {
    const unseen = { subscription: { hasSeenTrialNotice: false } };
    expect(await decide('/app/meetings', unseen).target).toBe('/trial-notice');
    expect(await decide('/trial-notice', unseen).target).toBeNull();
    expect(await decide('/subscription-choice', unseen).target).toBeNull();
  });

  it('5. sends an expired trial whose notice was seen to the plan choice', async () => {
    const expired = { subscription: { daysRemaining: 0 } };
    expect(await decide('/app/meetings', expired).target).toBe('/subscription-choice');
    expect(await decide('/trial-notice', expired).target).toBe('/subscription-choice');
    expect(await decide('/subscription-choice', expired).target).toBeNull();
    expect(await decide('/app/meetings', { subscription: { daysRemaining: -3 } }).target).toBe(
      '/subscription-choice',
    );
  });

  it('6. takes a user who has seen the notice away from /trial-notice', async () => {
    expect(await decide('/trial-notice').target).toBe('/app/meetings');
  });

  it('7. leaves the plan choice for free or paid users unless they came to change it', async () => {
    for (const status of ['free', 'paid'] as const) {
      expect(await decide('/subscription-choice', { subscription: { status } }).target).toBe(
        '/app/meetings',
      );
      expect(
        await decide('/subscription-choice?change=true', { subscription: { status } }).target,
      ).toBeNull();
    }
    expect(await decide('/subscription-choice').target).toBeNull();
  });

  it('lets a user with a running trial, a free or a paid plan into the app', async () => {
    expect(await decide('/app/meetings').target).toBeNull();
    expect(
      await decide('/app/actions', { subscription: { status: 'free', daysRemaining: 0 } }).target,
    ).toBeNull();
    expect(
      await decide('/app/actions', { subscription: { status: 'paid', daysRemaining: 0 } }).target,
    ).toBeNull();
  });

  it('keeps the user where they are when the plan cannot be read', async () => {
    expect(await decide('/app/meetings', { subscription: 'error' }).target).toBeNull();
  });
});
