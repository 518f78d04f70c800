import { PageSpinner } from '@meetings/shell-context';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from '@meetings/shell-context/router';
import { RemoteApp } from '../remote/RemoteApp.js';
import { GUARDED_ONBOARDING_PATHS, isAppPath, Paths, withoutTrailingSlash } from './paths.js';
import { RouteGuard } from './RouteGuard.js';
import { UnknownPath } from './UnknownPath.js';

// The app bar and sidebar load with the first /app page, not with the landing page.
const loadAppChrome = () => import('../chrome/AppChrome.js');
const AppChrome = lazy(() => loadAppChrome().then((m) => ({ default: m.AppChrome })));
const SettingsPage = lazy(() =>
  import('../settings/SettingsPage.js').then((m) => ({ default: m.SettingsPage })),
);

/** Starts loading the app bar while the guard's checks are still under way (an /app page). */
export function preloadAppChrome(pathname: string): void {
  if (isAppPath(pathname)) void loadAppChrome();
}

const ONBOARDING_PATHS: readonly string[] = [
  Paths.landing,
  Paths.login,
  Paths.verify,
  ...GUARDED_ONBOARDING_PATHS,
];

/** mfe-onboarding owns /, /login, /verify and the three guarded onboarding screens. */
function Onboarding() {
  const path = withoutTrailingSlash(useLocation().pathname);
  if (!ONBOARDING_PATHS.includes(path)) return <UnknownPath />;
  const remote = <RemoteApp name="mfe_onboarding" />;
  return GUARDED_ONBOARDING_PATHS.includes(path) ? <RouteGuard>{remote}</RouteGuard> : remote;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path={Paths.app}
        element={
          <RouteGuard>
            <Suspense fallback={<PageSpinner />}>
              <AppChrome />
            </Suspense>
          </RouteGuard>
        }
      >
        <Route index element={<Navigate to={Paths.meetings} replace />} />
        {/* Keys keep each remote's own state when the route switches between them. */}
        <Route path="meetings/*" element={<RemoteApp key="mfe_meetings" name="mfe_meetings" />} />
        <Route path="actions/*" element={<RemoteApp key="mfe_actions" name="mfe_actions" />} />
        <Route
          path="settings"
          element={
            <Suspense fallback={<PageSpinner />}>
              <SettingsPage />
            </Suspense>
          }
        />
        <Route path="*" element={<Navigate to={Paths.meetings} replace />} />
      </Route>
      <Route path="/*" element={<Onboarding />} />
    </Routes>
  );
}
