import type { RemoteName } from '@meetings/federation/remotes';
import { isAppPath, Paths } from '@meetings/shell-context/early';

export {
  GUARDED_ONBOARDING_PATHS,
  isAppPath,
  Paths,
  withoutTrailingSlash,
} from '@meetings/shell-context/early';

/** The remote AppRoutes draws for a path (a guard may still send a visitor elsewhere). */
export function remoteForPath(pathname: string): RemoteName {
  if (!isAppPath(pathname)) return 'mfe_onboarding';
  return pathname === Paths.actions || pathname.startsWith(`${Paths.actions}/`)
    ? 'mfe_actions'
    : 'mfe_meetings';
}
