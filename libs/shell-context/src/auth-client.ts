import {
  AUTH_STATUS_THROTTLE_MS,
  AuthMessages,
  type AuthStatus,
  type RequestOtpResponse,
  type TimeZoneResponse,
  type UserRef,
  type ValidateOtpResponse,
} from '@meetings/contracts';
import { browserTimeZone } from '@meetings/domain';
import { AUTH_TOKEN_STORAGE_KEY, ApiError, type ApiClient } from './api-client.js';
import { createStore, type ReadableStore } from './store.js';

export interface AuthState {
  /** null until a status call or a sign-in has decided it. */
  authenticated: boolean | null;
  user: UserRef | null;
  /** The user's IANA time zone as the last status check said (docs/adr/0007); absent until then. */
  timeZone?: string;
}

export interface AuthClient extends ReadableStore<AuthState> {
  /** GET /auth/status, at most once per second; calls in between share the last answer. */
  status(): Promise<AuthStatus>;
  requestOtp(email: string): Promise<RequestOtpResponse>;
  validateOtp(email: string, code: string): Promise<ValidateOtpResponse>;
  /** After a successful code check: keeps the token for bearer calls and marks the user signed in. */
  markLoggedIn(token?: string, user?: UserRef | null): void;
  /** POST /auth/logout, then forgets the token and the privacy and subscription state. */
  logout(): Promise<void>;
  /** Forgets the session locally, e.g. after the server answered 401. */
  clearSession(): void;
  /** PUT /auth/time-zone: the zone the user's "today" is judged in from now on. */
  setTimeZone(timeZone: string): Promise<void>;
}

export interface AuthClientOptions {
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now?: () => number;
  /** State that belongs to the signed-in user and must go with them (privacy, subscription). */
  onSignedOut?: () => void;
}

const SIGNED_OUT: AuthState = { authenticated: false, user: null };

export function createAuthClient(api: ApiClient, options: AuthClientOptions = {}): AuthClient {
  const storage = options.storage ?? globalThis.localStorage;
  const now = options.now ?? Date.now;
  const store = createStore<AuthState>({ authenticated: null, user: null });
  let lastCheck: { at: number; answer: Promise<AuthStatus> } | null = null;

  function remember(status: AuthStatus): void {
    store.set(
      status.authenticated
        ? { authenticated: true, user: status.user ?? null, timeZone: status.timeZone }
        : SIGNED_OUT,
    );
  }

  async function fetchStatus(): Promise<AuthStatus> {
    try {
      const status = await api.get<AuthStatus>('/auth/status');
      remember(status);
      return status;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        remember({ authenticated: false });
        return { authenticated: false };
      }
      throw error;
    }
  }

  function clearSession(): void {
    storage?.removeItem(AUTH_TOKEN_STORAGE_KEY);
    lastCheck = { at: now(), answer: Promise.resolve({ authenticated: false }) };
    store.set(SIGNED_OUT);
    options.onSignedOut?.();
  }

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    status() {
      if (lastCheck && now() - lastCheck.at < AUTH_STATUS_THROTTLE_MS) return lastCheck.answer;
      const answer = fetchStatus();
      lastCheck = { at: now(), answer };
      // A failed check must not be replayed for the rest of the second.
      answer.catch(() => {
        if (lastCheck?.answer === answer) lastCheck = null;
      });
      return answer;
    },
    requestOtp: (email) => api.post<RequestOtpResponse>('/auth/request-otp', { email }),
    // The browser's zone is saved with the sign-in: "today" for due dates is judged in it.
    validateOtp: (email, code) =>
      api.post<ValidateOtpResponse>('/auth/validate-otp', {
        email,
        code,
        timeZone: browserTimeZone(),
      }),
    markLoggedIn(token, user = null) {
      if (token) storage?.setItem(AUTH_TOKEN_STORAGE_KEY, token);
      const status: AuthStatus = user ? { authenticated: true, user } : { authenticated: true };
      lastCheck = { at: now(), answer: Promise.resolve(status) };
      store.set({ authenticated: true, user });
    },
    async logout() {
      try {
        await api.post('/auth/logout');
      } catch (error) {
        // Already signed out on the server: finish locally.
        if (!(error instanceof ApiError && error.status === 401)) {
          throw new Error(AuthMessages.logoutFailed, { cause: error });
        }
      }
      clearSession();
    },
    clearSession,
    async setTimeZone(timeZone) {
      const saved = await api.put<TimeZoneResponse>('/auth/time-zone', { timeZone });
      lastCheck = null;
      store.set({ ...store.getSnapshot(), timeZone: saved.timeZone });
    },
  };
}
