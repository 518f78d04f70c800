import type { Meeting } from '@meetings/contracts';
import { reorderItems, sortByOrder } from '@meetings/domain';
import { useToast } from '@meetings/shell-context';
import type { MeetingPatch } from './useMeetingLoad.js';

type ItemListKey = 'agenda' | 'actions';

/**
 * The fields `keys` of the server's answer to this page's own change, with its version: the page
 * then knows its meeting is at least that new, so a read started before the change and answered
 * after it is not shown over it.
 */
export function savedFields<K extends keyof Meeting>(
  saved: Meeting,
  ...keys: K[]
): Partial<Meeting> {
  const patch: Partial<Meeting> = { version: saved.version };
  for (const key of keys) Object.assign(patch, { [key]: saved[key] });
  return patch;
}

type Item<K extends ItemListKey> = Meeting[K][number];
type Saved = Promise<{ meeting: Meeting }>;
/** What a failed save tells the user: a message, or a handler that picks one from the error. */
type Failure = string | ((error: unknown) => void);

/**
 * The editing of a meeting's agenda or actions, in its order. A change shows at once; the server's
 * answer replaces it, and a failed save puts the list back as it was and tells the user. Each
 * change resolves whether its save went through.
 */
export function useItemChanges<K extends ItemListKey>(
  meeting: Pick<Meeting, K>,
  key: K,
  onChange: (patch: MeetingPatch) => void,
) {
  const toast = useToast();
  const before = meeting[key];
  const items = sortByOrder<Item<K>>(before);

  async function change(next: Item<K>[], save: () => Saved, failure: Failure): Promise<boolean> {
    onChange({ [key]: next });
    try {
      const { meeting: saved } = await save();
      onChange(savedFields(saved, key));
      return true;
    } catch (error) {
      onChange({ [key]: before });
      if (typeof failure === 'string') toast.error(failure);
      else failure(error);
      return false;
    }
  }

  return {
    items,
    change,
    /** The list with `patch` applied to `item`. */
    patched: (item: Item<K>, patch: Partial<Item<K>>): Item<K>[] =>
      before.map((entry: Item<K>) => (entry.id === item.id ? { ...entry, ...patch } : entry)),
    /** Deletes `item`; once saved, the toast's Undo gives `restore` the place (from 1) it had. */
    remove(
      item: Item<K>,
      save: () => Saved,
      failure: Failure,
      deleted: { title: string; description: string },
      restore: (order: number) => void,
    ) {
      const order = items.findIndex((entry) => entry.id === item.id) + 1;
      const rest = before.filter((entry: Item<K>) => entry.id !== item.id);
      void change(rest, save, failure).then((done) => {
        if (done) toast.success(deleted.title, deleted.description, { undo: () => restore(order) });
      });
    },
    /** Drops `activeId` on the place of `overId` and saves the list's new order. */
    move(
      activeId: string,
      overId: string | null | undefined,
      saveOrder: (next: (Item<K> & { order: number })[]) => Saved,
      failure: Failure,
    ) {
      const next = reorderItems(items, activeId, overId);
      if (next) void change(next, () => saveOrder(next), failure);
    },
  };
}
