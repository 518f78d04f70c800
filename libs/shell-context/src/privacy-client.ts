import { AuthMessages, type PrivacyStatus } from '@meetings/contracts';
import { failWith, type ApiClient } from './api-client.js';
import { createStore, type ReadableStore } from './store.js';

/** Whether the user accepted the privacy statement; null until asked. */
export type PrivacyState = boolean | null;

export interface PrivacyClient extends ReadableStore<PrivacyState> {
  /** GET /auth/privacy-status once per session; later calls answer from memory. */
  hasAccepted(): Promise<boolean>;
  /** POST /auth/accept-privacy. */
  accept(): Promise<void>;
  reset(): void;
}

export function createPrivacyClient(api: ApiClient): PrivacyClient {
  const store = createStore<PrivacyState>(null);
  let pending: Promise<boolean> | null = null;
  // An answer that arrives after reset() (sign-out) belongs to the previous user.
  let generation = 0;

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    hasAccepted() {
      const known = store.getSnapshot();
      if (known !== null) return Promise.resolve(known);
      const asked = generation;
      pending ??= api
        .get<PrivacyStatus>('/auth/privacy-status')
        .then((status) => {
          if (asked === generation) store.set(status.hasAcceptedPrivacy);
          return status.hasAcceptedPrivacy;
        })
        .catch(failWith(AuthMessages.getPrivacyStatusFailed))
        .finally(() => {
          pending = null;
        });
      return pending;
    },
    async accept() {
      await api.post('/auth/accept-privacy').catch(failWith(AuthMessages.acceptPrivacyFailed));
      store.set(true);
    },
    reset() {
      generation += 1;
      pending = null;
      store.set(null);
    },
  };
}
