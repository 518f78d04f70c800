import type { RemoteName } from '@meetings/federation/remotes';
import { lazy, type ComponentType } from 'react';
import { loadRemoteApp, resetRemote, type RemoteAppModule } from '../federation/runtime.js';

export interface RemoteComponent {
  attempt: number;
  App: ComponentType;
}

// One lazy component per remote, kept across renders React throws away and across remounts,
// so a remote is fetched once; a retry replaces it (React.lazy remembers a failure for good).
const current = new Map<RemoteName, RemoteComponent>();

function create(
  name: RemoteName,
  attempt: number,
  loading?: Promise<RemoteAppModule>,
): RemoteComponent {
  const component = { attempt, App: lazy(() => loading ?? loadRemoteApp(name)) };
  current.set(name, component);
  return component;
}

/**
 * Starts loading a remote's App before anything renders it: the shared modules it needs (fetched
 * only as its module runs) then download beside the sign-in checks and the app bar, not after
 * them. The component RemoteApp renders later takes this very load.
 */
export function startRemoteComponent(name: RemoteName): void {
  if (current.has(name)) return;
  const loading = loadRemoteApp(name);
  // Rendering the component surfaces a failure (and offers Retry); nothing to report here.
  loading.catch(() => undefined);
  create(name, 0, loading);
}

export function remoteComponent(name: RemoteName): RemoteComponent {
  return current.get(name) ?? create(name, 0);
}

export function retryRemoteComponent(name: RemoteName): RemoteComponent {
  resetRemote(name);
  return create(name, (current.get(name)?.attempt ?? 0) + 1);
}

/** Drops every cached remote component (tests start from a clean page). */
export function forgetRemoteComponents(): void {
  current.clear();
}
