import type { SubscriptionStatus } from '@meetings/contracts';
import {
  createTestServices,
  fakeApi,
  jsonResponse,
  renderWithShell,
} from '@meetings/shell-context/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TrialNotice } from './TrialNotice.js';

const unseen: SubscriptionStatus = {
  status: 'trial',
  trialExpiresOn: '2025-09-12T12:00:00.000Z',
  daysRemaining: 30,
  hasSeenTrialNotice: false,
  lastSubscriptionChangeTime: 0,
};

function setup(remembers: boolean) {
  let seen = false;
  const fetch = fakeApi({
    'GET /auth/subscription-status': () => jsonResponse({ ...unseen, hasSeenTrialNotice: seen }),
    'POST /auth/acknowledge-trial': () => {
      seen = remembers;
      return jsonResponse({ success: true });
    },
  });
  const services = createTestServices({ fetch });
  const view = renderWithShell(<TrialNotice />, {
    route: '/trial-notice',
    path: '/trial-notice',
    services,
  });
  return { ...view, services, user: userEvent.setup() };
}

describe('/trial-notice', () => {
  it('shows the heading, the benefits, the end date and both options', async () => {
    setup(true);
    expect(
      screen.getByRole('heading', { name: 'Your 30-Day Free Trial Starts Now!' }),
    ).toBeTruthy();
    for (const benefit of [
      'Full access for 30 days',
      'Unlimited meetings',
      'Tracking actions centrally',
      'Collaboration',
    ]) {
      expect(screen.getAllByText(benefit).length).toBeGreaterThan(0);
    }
    expect(await screen.findByText('Your trial ends on Friday 12/09/2025.')).toBeTruthy();
    expect(screen.getByText('Free Tier')).toBeTruthy();
    expect(screen.getByText('Premium')).toBeTruthy();
  });

  it('"Get Started Now" acknowledges, re-checks and goes to the meetings', async () => {
    const { user } = setup(true);
    await user.click(screen.getByRole('button', { name: 'Get Started Now' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/meetings'));
  });

  it('reports an error when the re-fetched plan still shows the notice unseen', async () => {
    const { user, services } = setup(false);
    await user.click(screen.getByRole('button', { name: 'Get Started Now' }));
    await waitFor(() =>
      expect(services.toast.shown).toEqual([
        { kind: 'error', title: 'Error', description: 'An error occurred. Please try again.' },
      ]),
    );
    expect(screen.getByTestId('location').textContent).toBe('/trial-notice');
  });
});
