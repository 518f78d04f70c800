/** The shell's pages; a remote draws what lies under its own. */
export const Paths = {
  landing: '/',
  login: '/login',
  verify: '/verify',
  privacy: '/privacy',
  trialNotice: '/trial-notice',
  subscriptionChoice: '/subscription-choice',
  app: '/app',
  meetings: '/app/meetings',
  actions: '/app/actions',
  settings: '/app/settings',
} as const;

/** Onboarding screens that need a signed-in user and go through the guard. */
export const GUARDED_ONBOARDING_PATHS: readonly string[] = [
  Paths.privacy,
  Paths.trialNotice,
  Paths.subscriptionChoice,
];

/** A path as the router matches it: /privacy/ is the /privacy screen. */
export const withoutTrailingSlash = (path: string): string =>
  path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;

/** Whether a path is one of the signed-in pages under /app (drawn inside the app bar). */
export const isAppPath = (path: string): boolean =>
  path === Paths.app || path.startsWith(`${Paths.app}/`);
