// Ordering rules shared by the agenda and the actions (docs/product.md, Agenda and actions).

export interface Ordered {
  order?: number | null;
}

/** Sorted by order ascending; a missing order counts as 0. Equal orders keep their places (sort is stable). */
export function sortByOrder<T extends Ordered>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

/**
 * Moves the item `activeId` to the position of `overId` and renumbers 1..n.
 * Returns null when nothing changes: dropped on itself, outside the list, or ids unknown.
 */
export function reorderItems<T extends { id: string }>(
  items: readonly T[],
  activeId: string,
  overId: string | null | undefined,
): (T & { order: number })[] | null {
  if (!overId || activeId === overId) return null;
  const from = items.findIndex((item) => item.id === activeId);
  const to = items.findIndex((item) => item.id === overId);
  if (from < 0 || to < 0) return null;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return renumber(next);
}

export function renumber<T>(items: readonly T[]): (T & { order: number })[] {
  return items.map((item, index) => ({ ...item, order: index + 1 }));
}

/** Merges a page into a loaded list, keeping the first copy of each id. */
export function mergeById<T extends { id: string }>(loaded: readonly T[], page: readonly T[]): T[] {
  const seen = new Set(loaded.map((item) => item.id));
  const merged = [...loaded];
  for (const item of page) {
    if (!seen.has(item.id)) {
      seen.add(item.id);
      merged.push(item);
    }
  }
  return merged;
}
