import type { RemoteName } from '@meetings/federation/remotes';

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

/** Whether a path is one of the signed-in pages under /app (drawn inside the app bar). */
export const isAppPath = (path: string): boolean =>
  path === Paths.app || path.startsWith(`${Paths.app}/`);

/** The remote AppRoutes draws for a path (a guard may still send a visitor elsewhere). */
export function remoteForPath(pathname: string): RemoteName {
  if (!isAppPath(pathname)) return 'mfe_onboarding';
  return pathname === Paths.actions || pathname.startsWith(`${Paths.actions}/`)
    ? 'mfe_actions'
    : 'mfe_meetings';
}
