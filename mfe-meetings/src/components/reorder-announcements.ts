import type { Announcements } from '@dnd-kit/core';
import { ReorderCopy } from '../texts.js';

/**
 * What a screen reader hears while an item is moved (dnd-kit reads these out in a live region):
 * the item by its text and its place in the list as "position 2 of 5".
 */
export function reorderAnnouncements(
  kind: string,
  items: readonly { id: string; text: string }[],
): Announcements {
  function place(id: string | number | undefined) {
    const index = items.findIndex((item) => item.id === id);
    return { text: items[index]?.text ?? '', position: index + 1, count: items.length };
  }
  // dnd-kit reports "over itself" right after the pick-up: only a change of place is news.
  let lastOver: string | number | undefined;
  return {
    onDragStart({ active }) {
      lastOver = active.id;
      const { text, position, count } = place(active.id);
      return ReorderCopy.pickedUp(kind, text, position, count);
    },
    onDragOver({ active, over }) {
      if (over?.id === lastOver) return undefined;
      lastOver = over?.id;
      const { text } = place(active.id);
      if (!over) return ReorderCopy.outside(kind, text);
      const { position, count } = place(over.id);
      return ReorderCopy.movedTo(kind, text, position, count);
    },
    onDragEnd({ active, over }) {
      const { text } = place(active.id);
      if (!over) return ReorderCopy.droppedOutside(kind, text);
      const { position, count } = place(over.id);
      return ReorderCopy.dropped(kind, text, position, count);
    },
    onDragCancel({ active }) {
      const { text, position, count } = place(active.id);
      return ReorderCopy.cancelled(kind, text, position, count);
    },
  };
}
