import { lazy, useEffect, useState } from 'react';

// Quill is loaded with the editor, only on a meeting page that can edit notes.
export const loadNotesEditor = () => import('./NotesEditor.js');

export const NotesEditor = lazy(loadNotesEditor);

/**
 * Whether the code `load` brings has arrived. It is asked for in the first render, not after the
 * commit: the meeting's first render is sliced and can take a second on a slow phone, and the
 * download goes on meanwhile (a module is fetched once however often it is asked for). A failed
 * load throws in render, to the remote's error boundary, as a lazy component's would.
 */
export function useCodeArrived(load: () => Promise<unknown>): boolean {
  const [pending] = useState(load);
  const [loaded, setLoaded] = useState<{ ok: true } | { error: unknown } | null>(null);
  useEffect(() => {
    let live = true;
    pending.then(
      () => live && setLoaded({ ok: true }),
      (error: unknown) => live && setLoaded({ error }),
    );
    return () => {
      live = false;
    };
  }, [pending]);
  if (loaded && 'error' in loaded) throw loaded.error;
  return loaded !== null;
}
