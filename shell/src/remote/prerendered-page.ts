import { removePrerenderedPage } from '@meetings/shell-context';
import { useLayoutEffect } from 'react';

/**
 * Removes the copy of the page the server put into the HTML (painted before any JavaScript ran)
 * in the commit that puts the remote's own page, or its failure notice, on screen: a layout
 * effect runs before that frame is painted, so no frame shows both or neither. A page the remote
 * holds (shell-context's prerendered-page) stays for it to remove; a failure notice removes it
 * regardless.
 */
export function useRemovePrerenderedPage({ evenIfHeld = false } = {}): void {
  useLayoutEffect(() => {
    removePrerenderedPage({ evenIfHeld });
  }, [evenIfHeld]);
}
