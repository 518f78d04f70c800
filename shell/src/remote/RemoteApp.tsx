import { remoteByName, type RemoteName } from '@meetings/federation/remotes';
import { PageSpinner } from '@meetings/shell-context';
import { Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { remoteRelease } from '../federation/compatibility.js';
import { RemoteErrorBoundary } from './RemoteErrorBoundary.js';
import { remoteComponent, retryRemoteComponent } from './remote-components.js';
import { RemoteSlotContext, type RemoteSlot } from './remote-slot.js';

/** Marks which remote and which release of it fill this part of the page (for support and tests). */
function RemoteFrame({ name, children }: { name: RemoteName; children: ReactNode }) {
  return (
    <div
      data-remote={name}
      data-remote-release={remoteRelease(name) ?? ''}
      style={{ display: 'contents' }}
    >
      {children}
    </div>
  );
}

/** Mounts a remote's ./App with a spinner while it loads and a fallback with Retry if it fails. */
export function RemoteApp({ name }: { name: RemoteName }) {
  const [{ App, attempt }, setComponent] = useState(() => remoteComponent(name));
  const retry = useCallback(() => setComponent(retryRemoteComponent(name)), [name]);
  const slot = useMemo<RemoteSlot>(
    () => ({ name, title: remoteByName(name).title, retry }),
    [name, retry],
  );

  return (
    <RemoteSlotContext.Provider value={slot}>
      {/* A new key per attempt clears a caught error. */}
      <RemoteErrorBoundary key={attempt}>
        <Suspense fallback={<PageSpinner />}>
          <RemoteFrame name={name}>
            <App />
          </RemoteFrame>
        </Suspense>
      </RemoteErrorBoundary>
    </RemoteSlotContext.Provider>
  );
}
