import { BRANDING_PATH, type RemoteName } from '@meetings/federation/remotes';
import { isAppPath, Paths } from '../routing/paths.js';
import { fetchRemotesManifest, type RemoteEntries } from './remotes-manifest.js';
import { setUpRemotes, startLoadingRemoteApp } from './runtime.js';

/**
 * The remote that draws a path, as AppRoutes decides it for a signed-in user. A guard may still
 * send the page elsewhere (a signed-out visitor of /app goes to /login); that remote then loads
 * when it is drawn, as it would have anyway.
 */
export function remoteForPath(pathname: string): RemoteName {
  if (isAppPath(pathname)) {
    return pathname.startsWith(`${Paths.actions}/`) || pathname === Paths.actions
      ? 'mfe_actions'
      : 'mfe_meetings';
  }
  return 'mfe_onboarding';
}

let started: Promise<RemoteEntries> | undefined;

/**
 * Runs before React and the other shared modules load (index.ts, outside the async boundary):
 * fetches /remotes.json, registers the remotes and starts loading the page's remote, so its
 * manifest, entry and chunks download beside React instead of after it. Later calls (bootstrap)
 * get the same registration.
 */
export function startRemotes(pathname: string): Promise<RemoteEntries> {
  started ??= fetchRemotesManifest().then((listed) => {
    setUpRemotes(listed);
    startLoadingRemoteApp(remoteForPath(pathname));
    return listed;
  });
  return started;
}

let branding: Promise<Response> | undefined;

/**
 * GET /branding.json, started beside /remotes.json (and preloaded by the HTML like it); bootstrap
 * reads it through loadBranding.
 */
export function brandingResponse(): Promise<Response> {
  branding ??= globalThis.fetch(BRANDING_PATH, { cache: 'no-cache', credentials: 'same-origin' });
  return branding;
}
