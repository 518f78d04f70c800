import { MeetingCopy } from '../../texts.js';

const MIN_WIDTH = 40;
const HANDLE = 14;

/**
 * A small resize handle on the image the user clicked in the editor: dragging it sets the
 * image's width attribute (kept by Quill and by the server), then `onResized` runs.
 * The overlay lives beside the editable area, so it never becomes part of the notes.
 */
export function attachImageResize(
  root: HTMLElement,
  container: HTMLElement,
  onResized: () => void,
): () => void {
  let image: HTMLImageElement | null = null;
  const frame = document.createElement('div');
  frame.dataset.testid = 'image-resize-frame';
  Object.assign(frame.style, {
    position: 'absolute',
    display: 'none',
    outline: '1px dashed #1976d2',
    pointerEvents: 'none',
    zIndex: '2',
  });
  const handle = document.createElement('div');
  handle.setAttribute('role', 'button');
  handle.setAttribute('aria-label', MeetingCopy.resizeImage);
  Object.assign(handle.style, {
    position: 'absolute',
    right: `${-HANDLE / 2}px`,
    bottom: `${-HANDLE / 2}px`,
    width: `${HANDLE}px`,
    height: `${HANDLE}px`,
    background: '#1976d2',
    border: '2px solid #fff',
    borderRadius: '2px',
    cursor: 'nwse-resize',
    pointerEvents: 'auto',
    touchAction: 'none',
  });
  frame.appendChild(handle);
  container.appendChild(frame);

  function place() {
    if (!image || !root.contains(image)) {
      image = null;
      frame.style.display = 'none';
      return;
    }
    const box = container.getBoundingClientRect();
    const rect = image.getBoundingClientRect();
    Object.assign(frame.style, {
      display: 'block',
      left: `${rect.left - box.left + container.scrollLeft}px`,
      top: `${rect.top - box.top + container.scrollTop}px`,
      width: `${rect.width}px`,
      height: `${rect.height}px`,
    });
  }

  function onClick(event: MouseEvent) {
    const target = event.target;
    if (target === handle) return;
    image = target instanceof HTMLImageElement && root.contains(target) ? target : null;
    place();
  }

  function onPointerDown(event: PointerEvent | MouseEvent) {
    const target = image;
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    const startWidth = target.getBoundingClientRect().width || target.width;
    const maxWidth = root.clientWidth || Number.POSITIVE_INFINITY;
    let width = startWidth;
    const move = (moved: PointerEvent | MouseEvent) => {
      width = Math.round(
        Math.min(maxWidth, Math.max(MIN_WIDTH, startWidth + moved.clientX - startX)),
      );
      target.setAttribute('width', String(width));
      place();
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      if (width !== startWidth) onResized();
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  }

  document.addEventListener('click', onClick);
  handle.addEventListener('pointerdown', onPointerDown);
  const observer = new MutationObserver(place);
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  window.addEventListener('resize', place);

  return () => {
    document.removeEventListener('click', onClick);
    handle.removeEventListener('pointerdown', onPointerDown);
    observer.disconnect();
    window.removeEventListener('resize', place);
    frame.remove();
  };
}
