import { describe, expect, it } from 'vitest';
import { badgeText } from './SubscriptionBadge.js';

const base = {
  trialExpiresOn: '2025-09-12T12:00:00.000Z',
  daysRemaining: 12,
  hasSeenTrialNotice: true,
  lastSubscriptionChangeTime: 0,
};

describe('subscription badge', () => {
  it('uses the badge texts for each plan', () => {
    expect(badgeText({ ...base, status: 'trial' })).toEqual({
      label: 'Trial: 12 days left',
      tooltip: 'Your trial ends on Friday 12/09/2025',
    });
    expect(badgeText({ ...base, status: 'paid' })).toEqual({
      label: 'Premium',
      tooltip: 'Click to manage your subscription',
    });
    expect(badgeText({ ...base, status: 'free' })).toEqual({
      label: 'Free',
      tooltip: 'Click to upgrade to Premium or manage your subscription',
    });
  });
});
