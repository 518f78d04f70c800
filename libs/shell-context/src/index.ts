// The one place remotes get shell services. Shared as a Module Federation singleton.
export {
  API_BASE_PATH,
  AUTH_TOKEN_STORAGE_KEY,
  ApiError,
  createApiClient,
  errorText,
  KEEPALIVE_MAX_BODY_BYTES,
  type ApiClient,
  type ApiClientOptions,
  type QueryValue,
  type RequestOptions,
} from './api-client.js';
export {
  createAuthClient,
  type AuthClient,
  type AuthClientOptions,
  type AuthState,
} from './auth-client.js';
export { DEFAULT_BRANDING, loadBranding, normaliseBranding, type Branding } from './branding.js';
export {
  ShellContext,
  useApi,
  useAuth,
  useBranding,
  usePrivacy,
  useShell,
  useSubscription,
  useThemeMode,
  useToast,
} from './context.js';
export { createAppTheme } from './mui-theme.js';
export { PageSpinner } from './PageSpinner.js';
export { createPrivacyClient, type PrivacyClient, type PrivacyState } from './privacy-client.js';
export { createShellServices, type ShellServices, type ShellServicesOptions } from './services.js';
export { ShellProviders } from './ShellProviders.js';
export { createStore, useDeferredStore, type ReadableStore, type WritableStore } from './store.js';
export {
  createSubscriptionClient,
  type SubscriptionClient,
  type SubscriptionClientOptions,
  type SubscriptionGetOptions,
} from './subscription-client.js';
export {
  createThemeStore,
  type ResolvedThemeMode,
  type ThemeMode,
  type ThemeState,
  type ThemeStore,
  type ThemeStoreOptions,
} from './theme-store.js';
export { createToast, type Toast } from './toast.js';
