import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { In, type EntityTarget, type Repository } from 'typeorm';
import {
  ActionItemEntity,
  AgendaItemEntity,
  type ActionFields,
  type AgendaFields,
  type ItemFields,
} from '../store/entities.js';
import {
  columnName,
  preparedRead,
  selection,
  updateDefined,
  type Queryable,
} from '../store/query.js';

type ItemEntity = AgendaItemEntity | ActionItemEntity;

/** Queries of one item table (agenda items or actions); every statement is scoped to a meeting. */
export class ItemStore<R extends ItemFields> {
  constructor(private readonly entity: EntityTarget<ItemEntity>) {}

  private repository(q: Queryable): Repository<ItemEntity> {
    return q.getRepository(this.entity);
  }

  private select(q: Queryable) {
    const repository = this.repository(q);
    return repository
      .createQueryBuilder('item')
      .select(selection(repository.metadata, 'item', ['createdAt']));
  }

  /** Items of the given meetings in display order (order ascending, then creation). */
  async list(
    q: Queryable,
    meetingIds: readonly string[],
    options: { openOnly?: boolean } = {},
  ): Promise<R[]> {
    if (meetingIds.length === 0) return [];
    const openOnly = options.openOnly === true;
    const build = () => {
      const query = this.select(q).where('item.meetingId = ANY(:meetingIds::uuid[])');
      if (openOnly) query.andWhere('NOT item.completed');
      return query
        .orderBy('item.meetingId')
        .addOrderBy('item.position')
        .addOrderBy('item.createdAt')
        .addOrderBy('item.id');
    };
    const shape = openOnly ? 'open of meetings' : 'of meetings';
    const read = { shape, alias: 'item', build };
    const items = await preparedRead(q, this.repository(q), read, { meetingIds });
    return items as unknown as R[];
  }

  async find(
    q: Queryable,
    meetingId: string,
    itemId: string,
    options: { lock?: boolean } = {},
  ): Promise<R | undefined> {
    const lock = options.lock === true;
    const build = () => {
      const query = this.select(q).where('item.meetingId = :meetingId AND item.id = :itemId');
      return lock ? query.setLock('pessimistic_write') : query;
    };
    const shape = lock ? 'by id, locked' : 'by id';
    const read = { shape, alias: 'item', build };
    const [item] = await preparedRead(q, this.repository(q), read, { meetingId, itemId });
    return item as R | undefined;
  }

  count(q: Queryable, meetingId: string): Promise<number> {
    return this.repository(q)
      .createQueryBuilder('item')
      .where('item.meetingId = :meetingId', { meetingId })
      .getCount();
  }

  /** One past the highest order, so a new item goes last. */
  async nextPosition(q: Queryable, meetingId: string): Promise<number> {
    const highest = await this.repository(q).maximum('position', { meetingId });
    return (highest ?? 0) + 1;
  }

  /** Inserts the items in one statement. */
  async insert(q: Queryable, items: readonly R[]): Promise<void> {
    if (items.length === 0) return;
    await this.repository(q)
      .createQueryBuilder()
      .insert()
      .values(items.map((item) => ({ ...item })))
      .updateEntity(false)
      .execute();
  }

  /** Copies of the items into another meeting: new ids, numbered 1..n in the list's order. */
  insertCopies(q: Queryable, items: readonly R[], meetingId: string): Promise<void> {
    return this.insert(
      q,
      items.map((item, index) => ({ ...item, id: randomUUID(), meetingId, position: index + 1 })),
    );
  }

  update(
    q: Queryable,
    meetingId: string,
    itemId: string,
    changes: Partial<Omit<R, 'id' | 'meetingId'>>,
  ): Promise<void> {
    return updateDefined(this.repository(q), { meetingId, id: itemId }, changes);
  }

  async remove(q: Queryable, meetingId: string, itemIds: readonly string[]): Promise<number> {
    if (itemIds.length === 0) return 0;
    const result = await this.repository(q).delete({ meetingId, id: In([...itemIds]) });
    return result.affected ?? 0;
  }

  /** Gives each named item its new order in one statement. */
  async reposition(
    q: Queryable,
    meetingId: string,
    ids: readonly string[],
    positions: readonly number[],
  ): Promise<void> {
    const repository = this.repository(q);
    const id = columnName(repository.metadata, 'id');
    await repository
      .createQueryBuilder()
      .update()
      .set({ position: () => `(:positions::int[])[array_position(:ids::uuid[], ${id})]` })
      .where('meetingId = :meetingId AND id = ANY(:ids::uuid[])', { meetingId })
      .setParameters({ ids, positions })
      .execute();
  }
}

/** Items grouped by their meeting, each group keeping the list's order. */
export function byMeeting<R extends ItemFields>(items: readonly R[]): Map<string, R[]> {
  return Map.groupBy(items, (item) => item.meetingId);
}

@Injectable()
export class AgendaStore extends ItemStore<AgendaFields> {
  constructor() {
    super(AgendaItemEntity);
  }
}

@Injectable()
export class ActionStore extends ItemStore<ActionFields> {
  constructor() {
    super(ActionItemEntity);
  }
}
