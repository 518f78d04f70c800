// Stand-in for shell/src/federation/runtime.ts in the single-bundle build that the benchmark
// compares the federated build with: the same API, but each remote's App is an ordinary
// code-split chunk of one build (what the product would be without Module Federation).
import type { RemoteName } from '@meetings/federation/remotes';
import type { ComponentType } from 'react';
import { remoteForPath } from '@meetings/shell/routing';

export type RemoteAppModule = { default: ComponentType };

export function resetRemote(): void {}

const apps: Record<RemoteName, () => Promise<RemoteAppModule>> = {
  mfe_onboarding: () => import('@meetings/mfe-onboarding/App'),
  mfe_meetings: () => import('@meetings/mfe-meetings/App'),
  mfe_actions: () => import('@meetings/mfe-actions/App'),
};

let started: Promise<void> | undefined;

/** As the federated shell preloads the page's remote, the page's chunk starts loading at once. */
export function startRemotes(pathname: string): Promise<void> {
  started ??= apps[remoteForPath(pathname)]().then(
    () => undefined,
    () => undefined,
  );
  return started;
}

export function loadRemoteApp(name: RemoteName): Promise<RemoteAppModule> {
  return apps[name]();
}
