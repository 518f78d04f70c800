const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[contenteditable="true"]',
  '[tabindex]',
].join(',');

/**
 * Moves the focus to the first control after `area` in the page's order (skipping hidden ones
 * and those taken out of the Tab order). The notes editor keeps Tab for indenting, so Escape is
 * its way out. Returns whether a control took the focus.
 */
export function focusNextAfter(area: HTMLElement): boolean {
  for (const candidate of area.ownerDocument.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (area.contains(candidate)) continue;
    if (!(area.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
    if (candidate.tabIndex < 0 || candidate.closest('[hidden], [aria-hidden="true"], [inert]'))
      continue;
    candidate.focus();
    if (candidate.ownerDocument.activeElement === candidate) return true;
  }
  return false;
}

/** Escape in the editor's text leaves it for the next control; returns the teardown. */
export function leaveOnEscape(editor: HTMLElement, area: HTMLElement): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (focusNextAfter(area)) event.preventDefault();
  };
  editor.setAttribute('aria-keyshortcuts', 'Escape');
  editor.addEventListener('keydown', onKeyDown);
  return () => editor.removeEventListener('keydown', onKeyDown);
}
