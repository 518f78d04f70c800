import type { SubscriptionStatus } from '@meetings/contracts';
import { isTrialExpired } from '@meetings/domain';
import type { ShellServices } from '@meetings/shell-context';
import { Paths } from './paths.js';

export interface GuardLocation {
  pathname: string;
  search: string;
}

/** Where the user must go instead, or null to stay. */
export type GuardDecision = string | null;

function isChangeMode(search: string): boolean {
  return new URLSearchParams(search).get('change') === 'true';
}

/** Steps 4-7 of docs/product.md, The route guard, once the user is signed in and has accepted the privacy statement. */
function subscriptionStep(
  subscription: SubscriptionStatus | null,
  { pathname, search }: GuardLocation,
): GuardDecision {
  if (!subscription) return null;
  const onNotice = pathname === Paths.trialNotice;
  const onChoice = pathname === Paths.subscriptionChoice;
  if (!subscription.hasSeenTrialNotice) return onNotice || onChoice ? null : Paths.trialNotice;
  if (isTrialExpired(subscription)) return onChoice ? null : Paths.subscriptionChoice;
  if (onNotice) return Paths.meetings;
  if (onChoice && subscription.status !== 'trial' && !isChangeMode(search)) return Paths.meetings;
  return null;
}

/**
 * The route guard, in the order of docs/product.md, The route guard. A signed-out user is asked
 * nothing beyond the status check. For a signed-in user the privacy and subscription checks are
 * asked together (one round trip instead of two before the page shows) and decided in order.
 */
export async function decideRoute(
  services: Pick<ShellServices, 'auth' | 'privacy' | 'subscription'>,
  location: GuardLocation,
): Promise<GuardDecision> {
  // 1. Not authenticated: /login. A failed status check cannot prove a session either.
  const status = await services.auth.status().catch(() => ({ authenticated: false }));
  if (!status.authenticated) return Paths.login;

  // Privacy: a failed check counts as accepted. Subscription: without an answer (service down)
  // the user stays where they are.
  const [accepted, subscription] = await Promise.all([
    services.privacy.hasAccepted().catch(() => true),
    services.subscription.get().catch(() => services.subscription.getSnapshot()),
  ]);

  // 2-3. Privacy.
  if (!accepted) return location.pathname === Paths.privacy ? null : Paths.privacy;
  if (location.pathname === Paths.privacy) return Paths.meetings;

  // 4-7. Subscription.
  return subscriptionStep(subscription, location);
}
