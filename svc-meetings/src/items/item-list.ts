import { randomUUID } from 'node:crypto';
import { MeetingErrorCode } from '@meetings/contracts';
import { meetingError } from '../errors.js';
import type { ItemFields } from '../store/entities.js';
import type { Queryable } from '../store/query.js';
import { newOrder, type OrderEntry } from './item-order.js';
import type { ItemStore } from './item-store.js';

export interface ItemChanges {
  text?: string;
  completed?: boolean;
  order?: number;
}

export interface ItemKind<R extends ItemFields> {
  store: ItemStore<R>;
  notFound: MeetingErrorCode;
  max: number;
  /** The columns a new or edited text implies beyond the text itself (an action's hashtags). */
  fromText(text: string): Partial<Omit<R, keyof ItemFields>>;
}

/** The rules shared by agenda items and actions, applied inside a meeting's transaction. */
export class ItemList<R extends ItemFields> {
  constructor(private readonly kind: ItemKind<R>) {}

  async get(
    q: Queryable,
    meetingId: string,
    itemId: string,
    options: { lock?: boolean } = {},
  ): Promise<R> {
    const item = await this.kind.store.find(q, meetingId, itemId, options);
    if (!item) throw meetingError(this.kind.notFound);
    return item;
  }

  /** New items are open and go last. Returns the new item's id. */
  async add(
    q: Queryable,
    meetingId: string,
    text: string,
    fields: Partial<Omit<R, keyof ItemFields>> = {},
  ): Promise<string> {
    await this.requireRoom(q, meetingId);
    const position = await this.kind.store.nextPosition(q, meetingId);
    const row = this.newRow(meetingId, text, false, position, fields);
    await this.kind.store.insert(q, [row]);
    return row.id;
  }

  /**
   * A deleted item back at the place it had (`order` 1 is first; past the end is last), ticked
   * as it was; the items from there on move down one and the list is numbered 1..n again.
   */
  async restore(
    q: Queryable,
    meetingId: string,
    item: { text: string; completed: boolean; order: number },
    fields: Partial<Omit<R, keyof ItemFields>> = {},
  ): Promise<string> {
    await this.requireRoom(q, meetingId);
    const ids = (await this.kind.store.list(q, [meetingId])).map((entry) => entry.id);
    const index = Math.min(Math.max(item.order - 1, 0), ids.length);
    const row = this.newRow(meetingId, item.text, item.completed, index + 1, fields);
    ids.splice(index, 0, row.id);
    await this.kind.store.insert(q, [row]);
    await this.kind.store.reposition(
      q,
      meetingId,
      ids,
      ids.map((_, at) => at + 1),
    );
    return row.id;
  }

  private async requireRoom(q: Queryable, meetingId: string): Promise<void> {
    if ((await this.kind.store.count(q, meetingId)) >= this.kind.max)
      throw meetingError(MeetingErrorCode.TooManyItems);
  }

  private newRow(
    meetingId: string,
    text: string,
    completed: boolean,
    position: number,
    fields: Partial<Omit<R, keyof ItemFields>>,
  ): R {
    return {
      id: randomUUID(),
      meetingId,
      text,
      completed,
      position,
      ...fields,
      ...this.kind.fromText(text),
    } as R;
  }

  async update(
    q: Queryable,
    meetingId: string,
    itemId: string,
    changes: ItemChanges,
    fields: Partial<Omit<R, keyof ItemFields>> = {},
  ): Promise<void> {
    await this.get(q, meetingId, itemId, { lock: true });
    await this.kind.store.update(q, meetingId, itemId, {
      ...fields,
      ...(changes.text !== undefined
        ? { text: changes.text, ...this.kind.fromText(changes.text) }
        : {}),
      completed: changes.completed,
      position: changes.order,
    } as Partial<R>);
  }

  async reorder(q: Queryable, meetingId: string, entries: readonly OrderEntry[]): Promise<void> {
    const items = await this.kind.store.list(q, [meetingId]);
    const { ids, positions } = newOrder(
      entries,
      items.map((item) => item.id),
    );
    await this.kind.store.reposition(q, meetingId, ids, positions);
  }

  async remove(q: Queryable, meetingId: string, itemId: string): Promise<void> {
    if ((await this.kind.store.remove(q, meetingId, [itemId])) === 0)
      throw meetingError(this.kind.notFound);
  }
}
