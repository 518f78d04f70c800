import { MeetingErrorCode } from '@meetings/contracts';
import { renumber, sortByOrder } from '@meetings/domain';
import { meetingError } from '../errors.js';

export interface OrderEntry {
  _id?: string;
  id?: string;
  order: number;
}

/**
 * The meeting's items in their new order, numbered 1..n. The list must name each of the
 * meeting's items exactly once, or it is refused (a stale or foreign list would lose items).
 */
export function newOrder(
  entries: readonly OrderEntry[],
  itemIds: readonly string[],
): { ids: string[]; positions: number[] } {
  const known = new Set(itemIds);
  const named = new Set<string>();
  const ordered = entries.map((entry) => ({ id: (entry.id ?? entry._id)!, order: entry.order }));
  for (const { id } of ordered) {
    if (!known.has(id) || named.has(id)) throw meetingError(MeetingErrorCode.OrderMismatch);
    named.add(id);
  }
  if (named.size !== known.size) throw meetingError(MeetingErrorCode.OrderMismatch);
  const renumbered = renumber(sortByOrder(ordered));
  return {
    ids: renumbered.map((item) => item.id),
    positions: renumbered.map((item) => item.order),
  };
}
