import { PageSpinner } from '@meetings/shell-context';
import { lazy, Suspense } from 'react';
import { RETRY_LABEL, useRemoteSlot } from './remote-slot.js';

/** When not even the shell's own files arrive (offline): the same message and Retry, unstyled. */
export function PlainRemoteUnavailable() {
  const slot = useRemoteSlot();
  return (
    <div role="alert" style={{ padding: 16 }}>
      <p>{`${slot?.title ?? 'This part'} could not be loaded`}</p>
      {slot ? (
        <button type="button" onClick={slot.retry}>
          {RETRY_LABEL}
        </button>
      ) : null}
    </div>
  );
}

// The notice (MUI's alert with it) loads only once a remote has failed, so no first load has it.
const RemoteUnavailable = lazy(() =>
  import('./RemoteUnavailable.js').then(
    (module) => ({ default: module.RemoteUnavailable }),
    () => ({ default: PlainRemoteUnavailable }),
  ),
);

/** What a slot shows when its remote cannot be loaded or crashed. */
export function RemoteFallback({ error }: { error?: unknown }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <RemoteUnavailable error={error} />
    </Suspense>
  );
}

/** The module the federation runtime hands back for a remote that failed to load. */
export const remoteUnavailableModule = () => ({ default: RemoteFallback });
