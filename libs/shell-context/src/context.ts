import { createContext, useContext } from 'react';
import type { ApiClient } from './api-client.js';
import type { AuthClient, AuthState } from './auth-client.js';
import type { Branding } from './branding.js';
import type { PrivacyClient, PrivacyState } from './privacy-client.js';
import type { ShellServices } from './services.js';
import { useStore } from './store.js';
import type { SubscriptionClient } from './subscription-client.js';
import type { Toast } from './toast.js';
import type { SubscriptionStatus } from '@meetings/contracts';
import { browserTimeZone } from '@meetings/domain';

export const ShellContext = createContext<ShellServices | null>(null);
ShellContext.displayName = 'ShellContext';

export function useShell(): ShellServices {
  const services = useContext(ShellContext);
  if (!services) throw new Error('useShell() needs <ShellProviders> above it');
  return services;
}

export function useApi(): ApiClient {
  return useShell().api;
}

export function useToast(): Toast {
  return useShell().toast;
}

export function useBranding(): Branding {
  return useShell().branding;
}

/** The auth client plus its current state; re-renders when the state changes. */
export function useAuth(): AuthClient & { state: AuthState } {
  const { auth } = useShell();
  return { ...auth, state: useStore(auth) };
}

export function usePrivacy(): PrivacyClient & { accepted: PrivacyState } {
  const { privacy } = useShell();
  return { ...privacy, accepted: useStore(privacy) };
}

/** The subscription client plus the last known plan (null until fetched). */
export function useSubscription(): SubscriptionClient & { current: SubscriptionStatus | null } {
  const { subscription } = useShell();
  return { ...subscription, current: useStore(subscription) };
}

/**
 * The theme's mode: `mode` as chosen ('light', 'dark' or 'system', stored under ui-theme),
 * `colorScheme` as shown, `setMode`. MUI's own, through the shell's copy of its styles.
 */
export { useColorScheme } from '#mui-styles';

const NO_AUTH = { subscribe: () => () => undefined, getSnapshot: () => null };

/**
 * The zone the user's "today" is judged in: their setting as the last status check said, else
 * the browser's (also outside the shell, e.g. a component rendered on its own).
 */
export function useUserTimeZone(): string {
  const auth = useContext(ShellContext)?.auth ?? NO_AUTH;
  return useStore<AuthState | null>(auth)?.timeZone ?? browserTimeZone();
}
