import { EXPOSED_APP, type RemoteName } from '@meetings/federation/remotes';
import {
  loadRemote,
  preloadRemote,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { remoteForPath } from '../routing/paths.js';
import { remoteCompatibilityPlugin } from './compatibility.js';
import { manifestFetchPlugin } from './manifest-fetch.js';
import { fetchRemotesManifest, type RemoteEntries } from './remotes-manifest.js';

/** How long a remote may take before the shell shows its fallback (something visible within 5 s). */
export const REMOTE_LOAD_TIMEOUT_MS = 3_500;

export type RemoteAppModule = { default: ComponentType };

export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError';
  constructor(
    readonly remote: RemoteName,
    reason: string,
  ) {
    super(`${remote} is unavailable: ${reason}`);
  }
}

const entries = new Map<RemoteName, string>();
/** Loads of a page's remote started before React, for the first loadRemoteApp to take over. */
const startedLoads = new Map<RemoteName, Promise<RemoteAppModule | null>>();

/** Registers the remotes listed in /remotes.json with the shell's federation runtime. */
export function setUpRemotes(listed: RemoteEntries): void {
  registerPlugins([remoteCompatibilityPlugin(), manifestFetchPlugin(REMOTE_LOAD_TIMEOUT_MS)]);
  for (const [name, entry] of Object.entries(listed) as [RemoteName, string][]) {
    entries.set(name, entry);
  }
  registerRemotes([...entries].map(([name, entry]) => ({ name, entry })));
}

/**
 * Downloads a remote's entry and the files of its ./App, as its manifest lists them, without
 * running them: they then arrive beside React instead of after the first render asks for them.
 */
function preloadRemoteApp(name: RemoteName): Promise<void> {
  if (!entries.has(name)) return Promise.resolve();
  return preloadRemote([
    { nameOrAlias: name, exposes: [EXPOSED_APP], resourceCategory: 'sync' },
  ]).catch(() => undefined);
}

const appRequest = (name: RemoteName) => `${name}/${EXPOSED_APP.slice(2)}`;

/**
 * Starts loading the page's remote as soon as it is registered: its entry runs and asks for the
 * shared modules its App needs (the shell's React, MUI components) while the shell's own start is
 * still downloading, instead of after bootstrap has run. loadRemoteApp takes this load over.
 */
function startRemoteApp(name: RemoteName): void {
  if (!entries.has(name) || startedLoads.has(name)) return;
  const loading = loadRemote<RemoteAppModule>(appRequest(name));
  // loadRemoteApp reports a failure when it takes the load; until then nothing waits on it.
  loading.catch(() => undefined);
  startedLoads.set(name, loading);
}

let started: Promise<void> | undefined;

/**
 * Registers the remotes of /remotes.json once and starts downloading and loading the page's
 * remote. Called before React and the other shared modules load (index.ts); bootstrap awaits the
 * same promise.
 */
export function startRemotes(pathname: string): Promise<void> {
  started ??= fetchRemotesManifest().then((listed) => {
    setUpRemotes(listed);
    const name = remoteForPath(pathname);
    void preloadRemoteApp(name);
    startRemoteApp(name);
  });
  return started;
}

/** Forgets a failed load (cached manifest, entry script) so the next load starts afresh. */
export function resetRemote(name: RemoteName): void {
  startedLoads.delete(name);
  const entry = entries.get(name);
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

function withTimeout<T>(work: Promise<T>, ms: number, remote: RemoteName): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new RemoteUnavailableError(remote, `no answer within ${ms} ms`)),
      ms,
    );
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/**
 * The remote's exposed ./App, or a RemoteUnavailableError. The first call takes over the load
 * startRemotes began; its time limit counts from this call, as for any other load.
 */
export async function loadRemoteApp(
  name: RemoteName,
  timeoutMs = REMOTE_LOAD_TIMEOUT_MS,
): Promise<RemoteAppModule> {
  if (!entries.has(name)) throw new RemoteUnavailableError(name, 'not listed in /remotes.json');
  const request = appRequest(name);
  const early = startedLoads.get(name);
  startedLoads.delete(name);
  const loaded = await withTimeout(early ?? loadRemote<RemoteAppModule>(request), timeoutMs, name);
  if (!loaded?.default) {
    throw new RemoteUnavailableError(name, `${request} has no default component`);
  }
  return loaded;
}
