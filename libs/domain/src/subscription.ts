import { TRIAL_DAYS, type SubscriptionStatus } from '@meetings/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function trialStart(trialExpiresOn: Date | string): Date {
  return new Date(new Date(trialExpiresOn).getTime() - TRIAL_DAYS * DAY_MS);
}

/** Whole days left, rounded up, never below 0. */
export function daysRemaining(trialExpiresOn: Date | string, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((new Date(trialExpiresOn).getTime() - now.getTime()) / DAY_MS));
}

/** A trial counts as expired when daysRemaining is 0 or less. */
export function isTrialExpired(sub: Pick<SubscriptionStatus, 'status' | 'daysRemaining'>): boolean {
  return sub.status === 'trial' && sub.daysRemaining <= 0;
}

/** Trial (not expired) and paid may create meetings and edit the ones they own. */
export function canCreateMeetings(
  sub: Pick<SubscriptionStatus, 'status' | 'daysRemaining'>,
): boolean {
  return sub.status === 'paid' || (sub.status === 'trial' && sub.daysRemaining > 0);
}
