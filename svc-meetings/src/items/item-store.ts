import { queryRows } from '@meetings/service-kit';
import { Injectable } from '@nestjs/common';
import type { ActionRow, AgendaRow, ItemRow, Queryable } from '../store/rows.js';

export type ItemTable = 'agenda_item' | 'action_item';

/** SQL of one item table (agenda items or actions); every statement is scoped to a meeting. */
export class ItemStore<R extends ItemRow> {
  constructor(
    readonly table: ItemTable,
    private readonly columns: readonly string[],
  ) {}

  /** Items of the given meetings in display order (order ascending, then creation). */
  list(
    q: Queryable,
    meetingIds: readonly string[],
    options: { openOnly?: boolean } = {},
  ): Promise<R[]> {
    if (meetingIds.length === 0) return Promise.resolve([]);
    return queryRows<R>(
      q,
      `SELECT ${this.columns.join(', ')} FROM ${this.table}
       WHERE meeting_id = ANY($1::uuid[]) ${options.openOnly ? 'AND NOT completed' : ''}
       ORDER BY meeting_id, position, created_at, id`,
      [meetingIds],
    );
  }

  async find(
    q: Queryable,
    meetingId: string,
    itemId: string,
    options: { lock?: boolean } = {},
  ): Promise<R | undefined> {
    const [row] = await queryRows<R>(
      q,
      `SELECT ${this.columns.join(', ')} FROM ${this.table} WHERE meeting_id = $1 AND id = $2 ${options.lock ? 'FOR UPDATE' : ''}`,
      [meetingId, itemId],
    );
    return row;
  }

  async count(q: Queryable, meetingId: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      q,
      `SELECT count(*)::int AS n FROM ${this.table} WHERE meeting_id = $1`,
      [meetingId],
    );
    return row?.n ?? 0;
  }

  /** One past the highest order, so a new item goes last. */
  async nextPosition(q: Queryable, meetingId: string): Promise<number> {
    const [row] = await queryRows<{ next: number }>(
      q,
      `SELECT COALESCE(max(position), 0) + 1 AS next FROM ${this.table} WHERE meeting_id = $1`,
      [meetingId],
    );
    return row?.next ?? 1;
  }

  /** Inserts rows that all have the same columns. */
  async insert(q: Queryable, rows: readonly R[]): Promise<void> {
    if (rows.length === 0) return;
    const params: unknown[] = [];
    const tuples = rows.map((row) => {
      const values = this.columns.map((column) => {
        params.push((row as unknown as Record<string, unknown>)[column]);
        return `$${params.length}`;
      });
      return `(${values.join(', ')})`;
    });
    await q.query(
      `INSERT INTO ${this.table} (${this.columns.join(', ')}) VALUES ${tuples.join(', ')}`,
      params,
    );
  }

  async update(
    q: Queryable,
    meetingId: string,
    itemId: string,
    changes: Partial<Omit<R, 'id' | 'meeting_id'>>,
  ): Promise<void> {
    const entries = Object.entries(changes).filter(
      ([column, value]) => value !== undefined && this.columns.includes(column),
    );
    if (entries.length === 0) return;
    const assignments = entries.map(([column], index) => `${column} = $${index + 3}`);
    await q.query(
      `UPDATE ${this.table} SET ${assignments.join(', ')} WHERE meeting_id = $1 AND id = $2`,
      [meetingId, itemId, ...entries.map(([, value]) => value)],
    );
  }

  async remove(q: Queryable, meetingId: string, itemIds: readonly string[]): Promise<number> {
    if (itemIds.length === 0) return 0;
    const removed = await queryRows<{ id: string }>(
      q,
      `DELETE FROM ${this.table} WHERE meeting_id = $1 AND id = ANY($2::uuid[]) RETURNING id`,
      [meetingId, itemIds],
    );
    return removed.length;
  }

  /** Gives each named item its new order in one statement. */
  async reposition(
    q: Queryable,
    meetingId: string,
    ids: readonly string[],
    positions: readonly number[],
  ): Promise<void> {
    await q.query(
      `UPDATE ${this.table} AS item SET position = next.position
       FROM unnest($2::uuid[], $3::int[]) AS next (id, position)
       WHERE item.meeting_id = $1 AND item.id = next.id`,
      [meetingId, ids, positions],
    );
  }
}

const ITEM_COLUMNS = ['id', 'meeting_id', 'text', 'completed', 'position'] as const;

@Injectable()
export class AgendaStore extends ItemStore<AgendaRow> {
  constructor() {
    super('agenda_item', ITEM_COLUMNS);
  }
}

@Injectable()
export class ActionStore extends ItemStore<ActionRow> {
  constructor() {
    super('action_item', [...ITEM_COLUMNS, 'hashtags']);
  }
}
