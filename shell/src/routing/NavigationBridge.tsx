import { useEffect } from 'react';
import { useNavigate } from '@meetings/shell-context/router';

type Navigate = (to: string) => void;

let navigateOutsideReact: Navigate = (to) => globalThis.location.assign(to);

/** Lets code outside React (the API client's 401 handler) navigate without a page reload. */
export function navigateTo(to: string): void {
  navigateOutsideReact(to);
}

export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateOutsideReact = (to) => navigate(to, { replace: true });
    return () => {
      navigateOutsideReact = (to) => globalThis.location.assign(to);
    };
  }, [navigate]);
  return null;
}
