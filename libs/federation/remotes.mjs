// The remotes the shell knows by name; the gateway serves each one's dist at /remotes/<dir>/.

/** @type {readonly import('./remotes.d.mts').RemoteDescriptor[]} */
export const REMOTES = Object.freeze([
  { name: 'mfe_onboarding', dir: 'mfe-onboarding', title: 'Onboarding', devPort: 3001 },
  { name: 'mfe_meetings', dir: 'mfe-meetings', title: 'Meetings', devPort: 3002 },
  { name: 'mfe_actions', dir: 'mfe-actions', title: 'Actions', devPort: 3003 },
]);

export const SHELL_DEV_PORT = 3000;

/**
 * The JSON files the shell fetches as it starts (the environment's remotes, the tenant's brand);
 * its HTML preloads them, so the fetches must ask for these very paths.
 */
export const REMOTES_MANIFEST_PATH = '/remotes.json';
export const BRANDING_PATH = '/branding.json';

/** The element holding a page rendered at build time (a static page, which runs no app). */
export const PRERENDERED_ROOT_ID = 'prerendered';

/** The module every remote exposes: a component with its own routes. */
export const EXPOSED_APP = './App';

/** @param {string} name */
export function remoteByName(name) {
  const remote = REMOTES.find((candidate) => candidate.name === name);
  if (!remote) throw new Error(`Unknown remote ${name}`);
  return remote;
}
