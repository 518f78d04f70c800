import { isAppPath } from './paths.js';

const KEY = 'meetings.returnTo';

/** A page of this app under /app, as a path with its query: never another origin. */
function isReturnPath(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.includes('\\') &&
    isAppPath(new URL(path, 'http://app.invalid').pathname)
  );
}

/**
 * Remembers, for this tab, the /app page a signed-out visitor was sent to sign in from: a link to
 * a meeting leads there after sign-in and the onboarding screens, not to the list.
 */
export function rememberReturnTo(path: string): void {
  if (!isReturnPath(path)) return;
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage refused (private mode quotas): the user lands on the list instead.
  }
}

/** The remembered page, once: reading it forgets it. */
export function takeReturnTo(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path && isReturnPath(path) ? path : null;
  } catch {
    return null;
  }
}
