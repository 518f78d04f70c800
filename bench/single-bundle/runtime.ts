// Stand-in for shell/src/federation/runtime.ts in the single-bundle build that the benchmark
// compares the federated build with: the same API, but each remote's App is an ordinary
// code-split chunk of one build (what the product would be without Module Federation).
import type { RemoteName } from '@meetings/federation/remotes';
import type { ComponentType } from 'react';

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

export function setUpRemotes(): void {}

export function setRemoteFallback(): void {}

export function resetRemote(): void {}

const apps: Record<RemoteName, () => Promise<RemoteAppModule>> = {
  mfe_onboarding: () => import('../../mfe-onboarding/src/App.tsx'),
  mfe_meetings: () => import('../../mfe-meetings/src/App.tsx'),
  mfe_actions: () => import('../../mfe-actions/src/App.tsx'),
};

/** As the federated shell does, the page's chunk starts loading before React has loaded. */
export function startLoadingRemoteApp(name: RemoteName): void {
  void apps[name]().catch(() => undefined);
}

export function loadRemoteApp(name: RemoteName): Promise<RemoteAppModule> {
  return apps[name]();
}
