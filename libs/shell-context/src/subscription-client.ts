import {
  AuthMessages,
  SUBSCRIPTION_CACHE_MS,
  SUBSCRIPTION_MAX_CONSECUTIVE_FAILURES,
  SUBSCRIPTION_MIN_INTERVAL_MS,
  type SubscriptionStatus,
} from '@meetings/contracts';
import { ApiError, failWith, type ApiClient } from './api-client.js';
import { createStore, type ReadableStore } from './store.js';

export interface SubscriptionGetOptions {
  /** Skip the 30-minute cache (New Meeting dialog, meeting page). The 5 s spacing still holds. */
  force?: boolean;
}

export interface SubscriptionClient extends ReadableStore<SubscriptionStatus | null> {
  /**
   * The user's plan (docs/product.md, Plans and the trial): cached for 30 minutes, at most one call per 5 seconds (the
   * cached value answers in between), and no more calls after 3 failures in a row.
   */
  get(options?: SubscriptionGetOptions): Promise<SubscriptionStatus>;
  /** POST /auth/acknowledge-trial; the next get() asks the server again. */
  acknowledgeTrial(): Promise<void>;
  /** POST /auth/update-subscription; the next get() asks the server again. */
  update(status: 'free' | 'paid'): Promise<void>;
  reset(): void;
}

export interface SubscriptionClientOptions {
  now?: () => number;
  /** True once the user is known to be signed out, so no call is made. */
  isSignedOut?: () => boolean;
}

export function createSubscriptionClient(
  api: ApiClient,
  options: SubscriptionClientOptions = {},
): SubscriptionClient {
  const now = options.now ?? Date.now;
  const store = createStore<SubscriptionStatus | null>(null);
  let fetchedAt = Number.NEGATIVE_INFINITY;
  let lastCheckAt = Number.NEGATIVE_INFINITY;
  let consecutiveFailures = 0;
  let inFlight: Promise<SubscriptionStatus> | null = null;

  async function fetchStatus(): Promise<SubscriptionStatus> {
    try {
      const status = await api.get<SubscriptionStatus>('/auth/subscription-status');
      consecutiveFailures = 0;
      fetchedAt = now();
      store.set(status);
      return status;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        throw new Error(AuthMessages.notAuthenticated, { cause: error });
      }
      consecutiveFailures += 1;
      throw new Error(AuthMessages.getSubscriptionStatusFailed, { cause: error });
    }
  }

  /** After a change the server's answer differs from the cache, so the spacing must not hide it. */
  function invalidate(): void {
    fetchedAt = Number.NEGATIVE_INFINITY;
    lastCheckAt = Number.NEGATIVE_INFINITY;
  }

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    get({ force = false } = {}) {
      if (options.isSignedOut?.()) {
        return Promise.reject(new Error(AuthMessages.notAuthenticated));
      }
      const cached = store.getSnapshot();
      const cachedOr = (message: string) =>
        cached ? Promise.resolve(cached) : Promise.reject(new Error(message));
      if (!force && cached && now() - fetchedAt < SUBSCRIPTION_CACHE_MS) {
        return Promise.resolve(cached);
      }
      if (inFlight) return inFlight;
      if (consecutiveFailures >= SUBSCRIPTION_MAX_CONSECUTIVE_FAILURES) {
        return cachedOr(AuthMessages.subscriptionUnavailable);
      }
      if (now() - lastCheckAt < SUBSCRIPTION_MIN_INTERVAL_MS) {
        return cachedOr(AuthMessages.subscriptionCheckTooSoon);
      }
      lastCheckAt = now();
      inFlight = fetchStatus().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    async acknowledgeTrial() {
      await api
        .post('/auth/acknowledge-trial')
        .catch(failWith(AuthMessages.acknowledgeTrialFailed));
      invalidate();
    },
    async update(status) {
      await api
        .post('/auth/update-subscription', { status })
        .catch(failWith(AuthMessages.updateSubscriptionFailed));
      invalidate();
    },
    reset() {
      invalidate();
      consecutiveFailures = 0;
      inFlight = null;
      store.set(null);
    },
  };
}
