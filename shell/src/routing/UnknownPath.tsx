import { PageSpinner, useShell } from '@meetings/shell-context';
import { useEffect, useState } from 'react';
import { Navigate } from '@meetings/shell-context/router';
import { Paths } from './paths.js';

/** A path no page has: a signed-in user goes to the app, anyone else to the landing page. */
export function UnknownPath() {
  const { auth } = useShell();
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    auth.status().then(
      ({ authenticated }) => current && setTarget(authenticated ? Paths.meetings : Paths.landing),
      () => current && setTarget(Paths.landing),
    );
    return () => {
      current = false;
    };
  }, [auth]);
  return target ? <Navigate to={target} replace /> : <PageSpinner />;
}
