import { PageSpinner, useShell } from '@meetings/shell-context';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from '@meetings/shell-context/router';
import { decideRoute } from './guard.js';
import { isAppPath, Paths, withoutTrailingSlash } from './paths.js';
import { rememberReturnTo, takeReturnTo } from './return-to.js';

/** Where /privacy sends the user back to after "I Accept". */
export interface PrivacyRedirectState {
  from?: string;
}

/**
 * Runs the route guard (docs/product.md, The route guard) on every navigation. A spinner shows until the first check passes;
 * later checks run while the page stays mounted, so a remote is not torn down on each click. A
 * signed-out visitor sent to sign in from an /app page is brought back to it once the guard lets
 * them into the app (after sign-in and whatever onboarding screens it requires).
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const services = useShell();
  const location = useLocation();
  // The router draws /privacy/ as /privacy: the guard decides on the path it draws.
  const pathname = withoutTrailingSlash(location.pathname);
  const { search } = location;
  const navigate = useNavigate();
  const [allowed, setAllowed] = useState(false);

  useEffect(() => {
    let current = true;
    void decideRoute(services, { pathname, search }).then((target) => {
      if (!current) return;
      const here = pathname + search;
      if (target === null) {
        const back = isAppPath(pathname) ? takeReturnTo() : null;
        if (back && back !== here) navigate(back, { replace: true });
        else setAllowed(true);
        return;
      }
      if (target === Paths.login && isAppPath(pathname)) rememberReturnTo(here);
      const state: PrivacyRedirectState | undefined =
        target === Paths.privacy ? { from: here } : undefined;
      navigate(target, { replace: true, state });
    });
    return () => {
      current = false;
    };
  }, [services, pathname, search, navigate]);

  return allowed ? children : <PageSpinner />;
}
