import type { RemoteName } from '@meetings/federation/remotes';
import { lazy, type ComponentType } from 'react';
import { loadRemoteApp, resetRemote } from '../federation/runtime.js';

export interface RemoteComponent {
  attempt: number;
  App: ComponentType;
}

// One lazy component per remote, kept across renders React throws away and across remounts,
// so a remote is fetched once; a retry replaces it (React.lazy remembers a failure for good).
const current = new Map<RemoteName, RemoteComponent>();

function create(name: RemoteName, attempt: number): RemoteComponent {
  const component = { attempt, App: lazy(() => loadRemoteApp(name)) };
  current.set(name, component);
  return component;
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
