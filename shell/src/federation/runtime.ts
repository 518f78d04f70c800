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

/** Registers the remotes listed in /remotes.json with the shell's federation runtime. */
export function setUpRemotes(listed: RemoteEntries, fallbackModule: () => RemoteAppModule): void {
  registerPlugins([
    remoteCompatibilityPlugin(__SHELL_SINGLETON_VERSIONS__),
    remoteFallbackPlugin({ fallbackModule, manifestTimeoutMs: REMOTE_LOAD_TIMEOUT_MS }),
  ]);
  for (const [name, entry] of Object.entries(listed) as [RemoteName, string][]) {
    entries.set(name, entry);
  }
  registerRemotes([...entries].map(([name, entry]) => ({ name, entry })));
}

/** Forgets a failed load (cached manifest, entry script) so the next load starts afresh. */
export function resetRemote(name: RemoteName): void {
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
  const loaded = await withTimeout(loadRemote<RemoteAppModule>(request), timeoutMs, name);
  if (!loaded?.default) {
    throw new RemoteUnavailableError(name, `${request} has no default component`);
  }
  return loaded;
}
