import { PageSpinner } from '@meetings/shell-context';
import { lazy, Suspense } from 'react';

export const RETRY_LABEL = 'Retry';

/** The remote a slot failed to show and how to try loading it again. */
export interface RemoteFallbackProps {
  title: string;
  retry: () => void;
  error?: unknown;
}

/** When not even the shell's own files arrive (offline): the same message and Retry, unstyled. */
export function PlainRemoteUnavailable({ title, retry }: RemoteFallbackProps) {
  return (
    <div role="alert" style={{ padding: 16 }}>
      <p>{`${title} could not be loaded`}</p>
      <button type="button" onClick={retry}>
        {RETRY_LABEL}
      </button>
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
export function RemoteFallback(props: RemoteFallbackProps) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <RemoteUnavailable {...props} />
    </Suspense>
  );
}
