import { queryRows } from '@meetings/service-kit';
import { Injectable } from '@nestjs/common';
import { ActionStore, AgendaStore } from '../items/item-store.js';
import type { FullMeeting, MeetingHeadRow, MeetingRow, Queryable } from './rows.js';

const HEAD_COLUMNS =
  'id, owner_id, owner_email, title, date, shared_with, series_id, version, created_at, updated_at';
const ALL_COLUMNS = `${HEAD_COLUMNS}, notes`;

export interface NewMeeting {
  id: string;
  owner_id: string;
  owner_email: string;
  title: string;
  date: Date;
  notes: string;
  shared_with: string[];
  series_id: string;
}

export type MeetingChanges = Partial<Pick<MeetingRow, 'title' | 'date' | 'notes' | 'shared_with'>>;

export interface VisibleQuery {
  title?: string;
  offset: number;
  limit: number;
}

/** SQL of the meeting table. */
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
  ): Promise<MeetingRow | undefined> {
    const [row] = await queryRows<MeetingRow>(
      q,
      `SELECT ${ALL_COLUMNS} FROM meeting WHERE id = $1 ${options.lock ? 'FOR UPDATE' : ''}`,
      [id],
    );
    return row;
  }

  async insert(q: Queryable, meeting: NewMeeting): Promise<MeetingRow> {
    const [row] = await queryRows<MeetingRow>(
      q,
      `INSERT INTO meeting (id, owner_id, owner_email, title, date, notes, shared_with, series_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${ALL_COLUMNS}`,
      [
        meeting.id,
        meeting.owner_id,
        meeting.owner_email,
        meeting.title,
        meeting.date,
        meeting.notes,
        meeting.shared_with,
        meeting.series_id,
      ],
    );
    return row!;
  }

  async update(q: Queryable, id: string, changes: MeetingChanges): Promise<void> {
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
    if (entries.length === 0) return;
    const assignments = entries.map(([column], index) => `${column} = $${index + 2}`);
    await q.query(`UPDATE meeting SET ${assignments.join(', ')} WHERE id = $1`, [
      id,
      ...entries.map(([, value]) => value),
    ]);
  }

  /** Marks a change: the next version, so copies elsewhere can tell newer from older. */
  async touch(q: Queryable, id: string): Promise<MeetingRow> {
    const [row] = await queryRows<MeetingRow>(
      q,
      `UPDATE meeting SET version = version + 1, updated_at = now() WHERE id = $1 RETURNING ${ALL_COLUMNS}`,
      [id],
    );
    return row!;
  }

  async remove(q: Queryable, id: string): Promise<void> {
    await q.query(`DELETE FROM meeting WHERE id = $1`, [id]);
  }

  async full(q: Queryable, meeting: MeetingRow): Promise<FullMeeting> {
    const agenda = await this.agenda.list(q, [meeting.id]);
    const actions = await this.actions.list(q, [meeting.id]);
    return { meeting, agenda, actions };
  }

  /**
   * Meetings the user owns or that are shared with their e-mail, newest first. Each branch reads
   * its own index and stops after offset + limit rows, so no page costs a scan of the table.
   *
   * A title search filters the caller's own meetings rather than using a title index: the
   * subqueries with OFFSET 0 keep the planner from combining the caller's index with a trigram
   * index of all titles, whose entries for a common word grow with the whole table (at 100,000
   * meetings that alone took 4-6 ms; filtering the caller's ~250 meetings takes under 1 ms).
   */
  visibleTo(
    q: Queryable,
    user: { id: string; email: string },
    query: VisibleQuery,
  ): Promise<MeetingHeadRow[]> {
    const params: unknown[] = [
      user.id,
      user.email,
      query.offset + query.limit,
      query.limit,
      query.offset,
    ];
    const owned = `SELECT ${HEAD_COLUMNS} FROM meeting WHERE owner_id = $1`;
    const shared = `SELECT ${HEAD_COLUMNS} FROM meeting WHERE shared_with @> ARRAY[$2::text] AND owner_id <> $1`;
    let branches: [string, string];
    if (query.title) {
      params.push(`%${escapeLike(query.title)}%`);
      const title = `title ILIKE $${params.length} ESCAPE '\\'`;
      branches = [
        `SELECT * FROM (${owned} ORDER BY date DESC, id DESC OFFSET 0) o WHERE ${title} ORDER BY date DESC, id DESC LIMIT $3`,
        `SELECT * FROM (${shared} OFFSET 0) s WHERE ${title} ORDER BY date DESC, id DESC LIMIT $3`,
      ];
    } else {
      branches = [
        `${owned} ORDER BY date DESC, id DESC LIMIT $3`,
        `${shared} ORDER BY date DESC, id DESC LIMIT $3`,
      ];
    }
    return queryRows<MeetingHeadRow>(
      q,
      `SELECT ${HEAD_COLUMNS} FROM ((${branches[0]}) UNION ALL (${branches[1]})) AS visible
       ORDER BY date DESC, id DESC LIMIT $4 OFFSET $5`,
      params,
    );
  }

  /** Every meeting in id order, a page at a time (rebuilding another service's copy). */
  pageById(q: Queryable, afterId: string | undefined, limit: number): Promise<MeetingHeadRow[]> {
    return queryRows<MeetingHeadRow>(
      q,
      afterId
        ? `SELECT ${HEAD_COLUMNS} FROM meeting WHERE id > $1 ORDER BY id LIMIT $2`
        : `SELECT ${HEAD_COLUMNS} FROM meeting ORDER BY id LIMIT $1`,
      afterId ? [afterId, limit] : [limit],
    );
  }
}

/** Makes %, _ and \ in a search text match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
