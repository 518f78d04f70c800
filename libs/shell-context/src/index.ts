// The one place remotes get shell services. Shared as a Module Federation singleton.
export {
  API_BASE_PATH,
  AUTH_TOKEN_STORAGE_KEY,
  ApiError,
  errorText,
  type ApiClient,
} from './api-client.js';
export { DEFAULT_BRANDING, loadBranding, type Branding } from './branding.js';
export {
  useApi,
  useAuth,
  useBranding,
  useColorScheme,
  usePrivacy,
  useShell,
  useSubscription,
  useToast,
  useUserTimeZone,
} from './context.js';
export { PageSpinner } from './PageSpinner.js';
export { usePageTitle } from './page-title.js';
export { createShellServices, type ShellServices } from './services.js';
export { ShellProviders } from './ShellProviders.js';
export { MAIN_CONTENT_ID, SkipLink } from './SkipLink.js';
export { createStore, useDeferredStore, type ReadableStore } from './store.js';
export { type Toast } from './toast.js';
export { useHashtagSuggestions } from './use-hashtag-suggestions.js';
