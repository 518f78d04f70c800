import { EXPOSED_APP, type RemoteName } from '@meetings/federation/remotes';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { remoteCompatibilityPlugin } from './compatibility.js';
import { remoteFallbackPlugin } from './fallback-plugin.js';
import type { RemoteEntries } from './remotes-manifest.js';

/** How long a remote may take before the shell shows its fallback (spec: visible within 5 s). */
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
let fallbackModule: (() => RemoteAppModule) | undefined;
/** Loads started before the page rendered, each handed once to the first loadRemoteApp. */
const early = new Map<RemoteName, Promise<RemoteAppModule | null | undefined>>();

/**
 * Registers the remotes listed in /remotes.json with the shell's federation runtime. Runs before
 * React loads, so the fallback (a React component) is handed over later by setRemoteFallback.
 */
export function setUpRemotes(listed: RemoteEntries): void {
  registerPlugins([
    remoteCompatibilityPlugin(__SHELL_SINGLETON_VERSIONS__),
    remoteFallbackPlugin({
      fallbackModule: () => fallbackModule?.(),
      manifestTimeoutMs: REMOTE_LOAD_TIMEOUT_MS,
    }),
  ]);
  for (const [name, entry] of Object.entries(listed) as [RemoteName, string][]) {
    entries.set(name, entry);
  }
  registerRemotes([...entries].map(([name, entry]) => ({ name, entry })));
}

/** The module a remote that cannot be loaded is replaced with. */
export function setRemoteFallback(module: () => RemoteAppModule): void {
  fallbackModule = module;
}

/**
 * Starts loading a remote's ./App now, beside the shell's own start-up, instead of after it: on a
 * slow network the page's remote is otherwise three round trips behind React. Never rejects.
 */
export function startLoadingRemoteApp(name: RemoteName): void {
  if (!entries.has(name) || early.has(name)) return;
  early.set(
    name,
    loadRemote<RemoteAppModule>(`${name}/${EXPOSED_APP.slice(2)}`).catch(() => undefined),
  );
}

/** Forgets a failed load (cached manifest, entry script) so the next load starts afresh. */
export function resetRemote(name: RemoteName): void {
  early.delete(name);
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

/** The remote's exposed ./App, or a RemoteUnavailableError. */
export async function loadRemoteApp(
  name: RemoteName,
  timeoutMs = REMOTE_LOAD_TIMEOUT_MS,
): Promise<RemoteAppModule> {
  if (!entries.has(name)) throw new RemoteUnavailableError(name, 'not listed in /remotes.json');
  const request = `${name}/${EXPOSED_APP.slice(2)}`;
  const started = early.get(name);
  early.delete(name);
  // An early load that failed (before the fallback was handed over) is tried again here.
  const work = started
    ? started.then((module) => module ?? loadRemote<RemoteAppModule>(request))
    : loadRemote<RemoteAppModule>(request);
  const loaded = await withTimeout(work, timeoutMs, name);
  if (!loaded?.default) {
    throw new RemoteUnavailableError(name, `${request} has no default component`);
  }
  return loaded;
}
