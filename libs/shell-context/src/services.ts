import { createApiClient, type ApiClient } from './api-client.js';
import { createAuthClient, type AuthClient } from './auth-client.js';
import { DEFAULT_BRANDING, type Branding } from './branding.js';
import { createPrivacyClient, type PrivacyClient } from './privacy-client.js';
import { createSubscriptionClient, type SubscriptionClient } from './subscription-client.js';
import { createToast, type Toast } from './toast.js';

/** What the shell offers every remote through ShellContext. */
export interface ShellServices {
  api: ApiClient;
  toast: Toast;
  auth: AuthClient;
  privacy: PrivacyClient;
  subscription: SubscriptionClient;
  /** The theme's mode until the user picks one (ShellProviders hands it to MUI). */
  defaultThemeMode: 'light' | 'dark' | 'system';
  branding: Branding;
  /** Where the session and the theme's mode are kept (localStorage unless given). */
  storage: Storage | undefined;
}

export interface ShellServicesOptions {
  /** 'system' in the shell, 'light' for a remote running standalone. */
  defaultThemeMode: ShellServices['defaultThemeMode'];
  branding?: Branding;
  /** After a 401 outside /login and /verify, once the local session is forgotten. */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
  storage?: Storage;
  now?: () => number;
  currentPath?: () => string;
  toast?: Toast;
}

export function createShellServices(options: ShellServicesOptions): ShellServices {
  const storage = options.storage ?? globalThis.localStorage;
  // The API client and the auth client need each other; the closures run only after both exist.
  const api = createApiClient({
    fetch: options.fetch,
    storage,
    currentPath: options.currentPath,
    onUnauthorized: () => {
      auth.clearSession();
      options.onUnauthorized?.();
    },
  });
  const privacy = createPrivacyClient(api);
  const subscription = createSubscriptionClient(api, {
    now: options.now,
    isSignedOut: () => auth.getSnapshot().authenticated === false,
  });
  const auth: AuthClient = createAuthClient(api, {
    storage,
    now: options.now,
    onSignedOut: () => {
      privacy.reset();
      subscription.reset();
    },
  });
  return {
    api,
    auth,
    privacy,
    subscription,
    toast: options.toast ?? createToast(),
    defaultThemeMode: options.defaultThemeMode,
    branding: options.branding ?? { ...DEFAULT_BRANDING },
    storage,
  };
}
