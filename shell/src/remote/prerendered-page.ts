import { PRERENDERED_PAGE_ID } from '@meetings/contracts';
import { useLayoutEffect } from 'react';

/**
 * Removes the copy of the page the server put into the HTML (the landing page, painted before any
 * JavaScript ran) in the commit that puts the remote's own page, or its failure notice, on screen:
 * a layout effect runs before that frame is painted, so no frame shows both or neither.
 */
export function useRemovePrerenderedPage(): void {
  useLayoutEffect(() => {
    document.getElementById(PRERENDERED_PAGE_ID)?.remove();
  }, []);
}
