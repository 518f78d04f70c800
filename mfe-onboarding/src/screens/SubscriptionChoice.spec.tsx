import type { SubscriptionStatus } from '@meetings/contracts';
import { DEFAULT_BRANDING } from '@meetings/shell-context';
import {
  createTestServices,
  fakeApi,
  jsonResponse,
  renderWithShell,
} from '@meetings/shell-context/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SubscriptionChoice } from './SubscriptionChoice.js';

const expiredTrial: SubscriptionStatus = {
  status: 'trial',
  trialExpiresOn: '2025-09-12T12:00:00.000Z',
  daysRemaining: 0,
  hasSeenTrialNotice: true,
  lastSubscriptionChangeTime: 0,
};

function setup({
  route = '/subscription-choice',
  status = expiredTrial,
  update = () => jsonResponse({ success: true }),
} = {}) {
  let current = status;
  const fetch = fakeApi({
    'GET /auth/subscription-status': () => jsonResponse(current),
    'POST /auth/update-subscription': (call) => {
      const answer = update();
      if (answer.ok)
        current = { ...current, status: (call.body as { status: 'free' | 'paid' }).status };
      return answer;
    },
  });
  const services = createTestServices({
    fetch,
    branding: { ...DEFAULT_BRANDING, productName: 'Acme Meetings' },
  });
  const view = renderWithShell(<SubscriptionChoice />, {
    route,
    path: '/subscription-choice',
    services,
  });
  return { ...view, fetch, services, user: userEvent.setup() };
}

describe('/subscription-choice', () => {
  it('after the trial: says it ended, shows when it started, offers Continue', async () => {
    setup();
    expect(await screen.findByText('The 30-day trial has ended')).toBeTruthy();
    expect(screen.getByText('Your trial started on Wednesday 13/08/2025.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByText('Free Tier')).toBeTruthy();
    expect(screen.getByText('£0')).toBeTruthy();
    expect(screen.getByText('£5/month')).toBeTruthy();
  });

  it('asks for a plan before saving anything', async () => {
    const { user, fetch } = setup();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select a subscription option');
    expect(fetch.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByLabelText('Premium'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Premium: saves it, thanks the user by product name, goes to the meetings', async () => {
    const { user, fetch, services } = setup();
    await user.click(screen.getByLabelText('Premium'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/meetings'));
    expect(fetch.calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/auth/update-subscription',
        body: { status: 'paid' },
      }),
    );
    expect(services.toast.shown).toEqual([
      {
        kind: 'success',
        title: 'Thank you for subscribing to Acme Meetings Premium!',
        description: undefined,
      },
    ]);
    expect(services.subscription.getSnapshot()?.status).toBe('paid');
  });

  it('Free Tier: "You\'re now on the free tier"', async () => {
    const { user, services } = setup();
    await user.click(screen.getByLabelText('Free Tier'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(services.toast.shown[0]?.title).toBe("You're now on the free tier"));
  });

  it('change mode: current plan, trial expiry, Save Changes and Cancel', async () => {
    const { user } = setup({
      route: '/subscription-choice?change=true',
      status: { ...expiredTrial, daysRemaining: 12 },
    });
    expect(await screen.findByText('Current plan: Trial')).toBeTruthy();
    expect(screen.getByText('Your trial expires on Friday 12/09/2025.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('location').textContent).toBe('/app/meetings');
  });

  it('change mode on a paid plan shows no trial expiry', async () => {
    setup({
      route: '/subscription-choice?change=true',
      status: { ...expiredTrial, status: 'paid' },
    });
    expect(await screen.findByText('Current plan: Premium')).toBeTruthy();
    expect(screen.queryByText(/Your trial expires/)).toBeNull();
  });

  it('a failed save says "An error occurred. Please try again."', async () => {
    const { user, services } = setup({ update: () => jsonResponse({ error: 'down' }, 503) });
    await user.click(screen.getByLabelText('Premium'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        { kind: 'error', title: 'Error', description: 'An error occurred. Please try again.' },
      ]),
    );
    expect(screen.getByTestId('location').textContent).toBe('/subscription-choice');
  });
});
