import { remoteByName, type RemoteName } from '@meetings/federation/remotes';
import { PageSpinner } from '@meetings/shell-context';
import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { remoteRelease } from '../federation/compatibility.js';
import { RemoteErrorBoundary } from './RemoteErrorBoundary.js';
import { remoteComponent, retryRemoteComponent } from './remote-components.js';

/**
 * Marks which remote and which release of it fill this part of the page (for support and tests).
 * A component of its own inside Suspense: it renders again once the remote has loaded and its
 * release is known, which RemoteApp does not.
 */
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

  return (
    // A new key per attempt clears a caught error.
    <RemoteErrorBoundary key={attempt} title={remoteByName(name).title} retry={retry}>
      <Suspense fallback={<PageSpinner />}>
        <RemoteFrame name={name}>
          <App />
        </RemoteFrame>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
