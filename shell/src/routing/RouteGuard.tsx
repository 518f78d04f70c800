import { PageSpinner, useShell } from '@meetings/shell-context';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from '@meetings/shell-context/router';
import { decideRoute } from './guard.js';
import { Paths } from './paths.js';

/** Where /privacy sends the user back to after "I Accept". */
export interface PrivacyRedirectState {
  from?: string;
}

/**
 * Runs the route guard (docs/product.md, The route guard) on every navigation. A spinner shows until the first check passes;
 * later checks run while the page stays mounted, so a remote is not torn down on each click.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const services = useShell();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [allowed, setAllowed] = useState(false);

  useEffect(() => {
    let current = true;
    void decideRoute(services, { pathname, search }).then((target) => {
      if (!current) return;
      if (target === null) {
        setAllowed(true);
        return;
      }
      const state: PrivacyRedirectState | undefined =
        target === Paths.privacy ? { from: pathname + search } : undefined;
      navigate(target, { replace: true, state });
    });
    return () => {
      current = false;
    };
  }, [services, pathname, search, navigate]);

  return allowed ? children : <PageSpinner />;
}
