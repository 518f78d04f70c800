import { containsPattern } from '@meetings/service-kit';
import { Injectable } from '@nestjs/common';
import type { Repository } from 'typeorm';
import { ActionStore, AgendaStore } from '../items/item-store.js';
import { MeetingEntity, type MeetingHead } from './entities.js';
import {
  columnName,
  hydrate,
  preparedRead,
  selectedProperties,
  selection,
  updateDefined,
  type Queryable,
} from './query.js';
import type { FullMeeting } from './views.js';

export type NewMeeting = Omit<
  MeetingEntity,
  'version' | 'createdAt' | 'updatedAt' | 'recapSentAt' | 'notesState'
>;

export type MeetingChanges = Partial<
  Pick<
    MeetingEntity,
    | 'title'
    | 'date'
    | 'notes'
    | 'notesState'
    | 'sharedWith'
    | 'sharedEditors'
    | 'recurrence'
    | 'durationMinutes'
    | 'timeZone'
  >
>;

export interface VisibleQuery {
  title?: string;
  offset: number;
  limit: number;
}

function meetings(q: Queryable): Repository<MeetingEntity> {
  return q.getRepository(MeetingEntity);
}

/** Queries of the meeting table. */
@Injectable()
export class MeetingStore {
  constructor(
    private readonly agenda: AgendaStore,
    private readonly actions: ActionStore,
  ) {}

  async find(
    q: Queryable,
    id: string,
    options: { lock?: boolean } = {},
  ): Promise<MeetingEntity | undefined> {
    const repository = meetings(q);
    const lock = options.lock === true;
    const [meeting] = await preparedRead(
      q,
      repository,
      {
        shape: lock ? 'by id, locked' : 'by id',
        alias: 'm',
        build: () => {
          const query = repository.createQueryBuilder('m').where('m.id = :id');
          return lock ? query.setLock('pessimistic_write') : query;
        },
      },
      { id },
    );
    return meeting;
  }

  /** The meeting made as `meetingId`'s next occurrence, if any. */
  async nextOf(q: Queryable, meetingId: string): Promise<MeetingEntity | undefined> {
    return (await meetings(q).findOneBy({ previousOccurrenceId: meetingId })) ?? undefined;
  }

  /** Whether the series ever repeated: a rule on one of its meetings, or a next occurrence made. */
  async isRecurringSeries(q: Queryable, seriesId: string): Promise<boolean> {
    return meetings(q)
      .createQueryBuilder('m')
      .where('m.seriesId = :seriesId', { seriesId })
      .andWhere('(m.recurrence IS NOT NULL OR m.previousOccurrenceId IS NOT NULL)')
      .getExists();
  }

  async insert(q: Queryable, meeting: NewMeeting): Promise<MeetingEntity> {
    const repository = meetings(q);
    const entity = repository.create(meeting);
    // The defaults (version, creation times) come back in the INSERT's RETURNING.
    await repository.insert(entity);
    return entity;
  }

  update(q: Queryable, id: string, changes: MeetingChanges): Promise<void> {
    return updateDefined(meetings(q), { id }, changes);
  }

  /**
   * Writes the notes, and tells in the same statement whether they are edited live (the meeting
   * has a stored state): the state itself, which can be large, stays in the database.
   */
  async writeNotes(q: Queryable, id: string, notes: string): Promise<{ live: boolean }> {
    const repository = meetings(q);
    const state = columnName(repository.metadata, 'notesState');
    const result = await repository
      .createQueryBuilder()
      .update()
      .set({ notes })
      .where('id = :id', { id })
      .returning(`${state} IS NOT NULL AS live`)
      .execute();
    const [row] = result.raw as { live: boolean }[];
    return { live: row?.live === true };
  }

  /**
   * Marks a change: the next version, so copies elsewhere can tell newer from older. The meeting
   * comes back as a read gives it, without the live notes' state.
   */
  async touch(q: Queryable, id: string): Promise<MeetingEntity> {
    const repository = meetings(q);
    const version = columnName(repository.metadata, 'version');
    const result = await repository
      .createQueryBuilder()
      .update()
      .set({ version: () => `${version} + 1`, updatedAt: () => 'now()' })
      .where('id = :id', { id })
      .returning(selectedProperties(repository.metadata))
      .execute();
    const [meeting] = hydrate(repository, result.raw as Record<string, unknown>[]);
    return meeting!;
  }

  /**
   * Records a recap sent now unless one went out in the last `minutes`: one conditional UPDATE, so
   * of two concurrent sends only one finds the row still claimable. False when refused.
   */
  async claimRecap(q: Queryable, id: string, minutes: number): Promise<boolean> {
    const repository = meetings(q);
    const sentAt = columnName(repository.metadata, 'recapSentAt');
    const result = await repository
      .createQueryBuilder()
      .update()
      .set({ recapSentAt: () => 'now()' })
      .where('id = :id', { id })
      .andWhere(`(${sentAt} IS NULL OR ${sentAt} <= now() - make_interval(mins => :minutes))`, {
        minutes,
      })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async remove(q: Queryable, id: string): Promise<void> {
    await meetings(q).delete({ id });
  }

  async full(q: Queryable, meeting: MeetingEntity): Promise<FullMeeting> {
    const agenda = await this.agenda.list(q, [meeting.id]);
    const actions = await this.actions.list(q, [meeting.id]);
    return { meeting, agenda, actions };
  }

  /**
   * Meetings the user owns or that are shared with their e-mail, newest first. Each branch reads
   * its own index and stops after offset + limit rows, so no page costs a scan of the table.
   */
  async visibleTo(
    q: Queryable,
    user: { id: string; email: string },
    query: VisibleQuery,
  ): Promise<MeetingHead[]> {
    const repository = meetings(q);
    const parameters: Record<string, unknown> = {
      userId: user.id,
      email: user.email,
      firstRows: query.offset + query.limit,
      limit: query.limit,
      offset: query.offset,
    };
    const titleSearch = Boolean(query.title);
    if (query.title) parameters.title = containsPattern(query.title);
    return preparedRead(
      q,
      repository,
      {
        shape: titleSearch ? 'visible, by title' : 'visible',
        alias: 'm',
        build: () => buildVisibleSql(repository, titleSearch),
      },
      parameters,
    );
  }

  /** Every meeting in id order, a page at a time (rebuilding another service's copy). */
  pageById(q: Queryable, afterId: string | undefined, limit: number): Promise<MeetingHead[]> {
    const repository = meetings(q);
    const query = repository
      .createQueryBuilder('m')
      .select(selection(repository.metadata, 'm', ['notes']));
    if (afterId) query.where('m.id > :afterId', { afterId });
    return query.orderBy('m.id').limit(limit).getMany();
  }
}

/**
 * A title search filters the caller's own meetings rather than using a title index: the
 * subqueries with OFFSET 0 keep the planner from combining the caller's index with a trigram
 * index of all titles, whose entries for a common word grow with the whole table.
 *
 * The query builder has no UNION and writes limits as literals, so the branches are built with it
 * and joined as text, their limits parameters.
 */
function buildVisibleSql(repository: Repository<MeetingEntity>, titleSearch: boolean): string {
  const head = selection(repository.metadata, 'm', ['notes']);
  // The branches' rows are named alias_column, as the query builder selects them.
  const selected = (alias: string, property: string) =>
    `${alias}.m_${columnName(repository.metadata, property)}`;
  const newestFirst = (alias: string) =>
    `${selected(alias, 'date')} DESC, ${selected(alias, 'id')} DESC`;
  const branch = (condition: string) =>
    repository.createQueryBuilder('m').select(head).where(condition);
  const owned = branch('m.ownerId = :userId').orderBy('m.date', 'DESC').addOrderBy('m.id', 'DESC');
  const shared = branch('m.sharedWith @> ARRAY[:email::text] AND m.ownerId <> :userId');
  const within = (inner: string, alias: string) =>
    repository.manager
      .createQueryBuilder()
      .select('*')
      .from(`(${inner})`, alias)
      .where(`${selected(alias, 'title')} ILIKE :title ESCAPE '\\'`)
      .getQuery();
  const branches = titleSearch
    ? [
        `${within(owned.offset(0).getQuery(), 'o')} ORDER BY ${newestFirst('o')} LIMIT :firstRows`,
        `${within(shared.offset(0).getQuery(), 's')} ORDER BY ${newestFirst('s')} LIMIT :firstRows`,
      ]
    : [
        `${owned.getQuery()} LIMIT :firstRows`,
        `${shared.orderBy('m.date', 'DESC').addOrderBy('m.id', 'DESC').getQuery()} LIMIT :firstRows`,
      ];
  const visible = repository.manager
    .createQueryBuilder()
    .select('*')
    .from(`((${branches[0]}) UNION ALL (${branches[1]}))`, 'visible')
    .getQuery();
  return `${visible} ORDER BY ${newestFirst('visible')} LIMIT :limit OFFSET :offset`;
}
