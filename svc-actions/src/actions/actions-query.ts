import { DEFAULT_TIME_ZONE, type ListActionsQuery } from '@meetings/contracts';
import { dueRange } from '@meetings/domain';
import { containsPattern, escapeLike } from '@meetings/service-kit';
import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { IndexedActionEntity as IndexedAction } from '../action-index/index.entities.js';

export interface Caller {
  id: string;
  email: string;
  /** The IANA zone "today" is judged in (UTC when not given). */
  timeZone?: string;
}

export interface SqlQuery {
  text: string;
  values: unknown[];
}

/**
 * What the caller may see: meetings they own, or whose shared list holds their e-mail. Written as
 * the readers expression of the multicolumn indexes (indexed_action_readers_*), so a hashtag search
 * and the suggestions scan one index for visibility and their own condition together.
 */
const VISIBLE_TO_CALLER = `(ARRAY[a.owner_id::text] || a.shared_with) && ARRAY[$1::text, $2::text]`;

/** The caller as the readers columns hold them: uuid::text is lower case, e-mails are lower-cased. */
function readerKeys(caller: Caller): { readerId: string; readerEmail: string } {
  // An e-mail never looks like a uuid, so the two cannot be confused.
  return { readerId: caller.id.toLowerCase(), readerEmail: caller.email.trim().toLowerCase() };
}

/**
 * One page of actions visible to the caller, newest meeting first, then by meeting id and action
 * order. Fetches one row beyond the page to tell whether more follow, without counting.
 *
 * Two shapes. A hashtag filter starts from the multicolumn readers-and-hashtags index, which
 * holds both conditions (a rare tag costs nothing). Every other list walks the caller's meetings
 * newest first and stops at a full page; for a rare word the planner may instead start from the
 * trigram indexes and join. An assignee filter starts, like a hashtag, from its own index
 * (assignee, due date) and checks visibility on those rows.
 */
export function listActionsQuery(
  dataSource: DataSource,
  caller: Caller,
  query: ListActionsQuery,
): SelectQueryBuilder<IndexedAction> {
  const q = dataSource
    .getRepository(IndexedAction)
    .createQueryBuilder('a')
    .select([
      'a.meetingId',
      'a.meetingTitle',
      'a.meetingDate',
      'a.ownerId',
      'a.ownerEmail',
      'a.id',
      'a.text',
      'a.completed',
      'a.order',
      'a.hashtags',
      'a.assignee',
      'a.dueDate',
    ])
    .setParameters(readerKeys(caller));
  // Overdue is about what is still owed.
  if (!query.showCompleted || query.due === 'overdue') q.andWhere('NOT a.completed');
  if (query.due) {
    const range = dueRange(query.due, caller.timeZone ?? DEFAULT_TIME_ZONE);
    if (range.undated) q.andWhere('a.dueDate IS NULL');
    if (range.from) q.andWhere('a.dueDate >= :dueFrom::date', { dueFrom: range.from });
    if (range.to) q.andWhere('a.dueDate <= :dueTo::date', { dueTo: range.to });
  }
  const assignee = query.assignee === 'me' ? readerKeys(caller).readerEmail : query.assignee;
  if (assignee) q.andWhere('a.assignee = :assignee', { assignee });
  if (query.sort === 'due') q.addOrderBy('a.dueDate', 'ASC', 'NULLS LAST');
  const search = query.search?.trim();
  if (search)
    q.andWhere('(a.text ILIKE :pattern OR a.meetingTitle ILIKE :pattern)', {
      pattern: containsPattern(search),
    });
  if (query.hashtag)
    q.andWhere('a.hashtagKeys @> ARRAY[:hashtag::text]', { hashtag: query.hashtag.toLowerCase() });
  if (query.hashtag || assignee)
    q.andWhere(VISIBLE_TO_CALLER_NAMED)
      .addOrderBy('a.meetingDate', 'DESC')
      .addOrderBy('a.meetingId');
  else
    q.innerJoin(CALLERS_MEETINGS_NEWEST_FIRST, 'm', 'm.meeting_id = a.meetingId')
      .addOrderBy('m.meeting_date', 'DESC')
      .addOrderBy('m.meeting_id');
  return q
    .addOrderBy('a.order')
    .addOrderBy('a.id')
    .limit(query.pageSize + 1)
    .offset((query.page - 1) * query.pageSize);
}

/** VISIBLE_TO_CALLER with the query builder's named parameters. */
const VISIBLE_TO_CALLER_NAMED = VISIBLE_TO_CALLER.replace('$1', ':readerId').replace(
  '$2',
  ':readerEmail',
);

/**
 * The caller's meetings in list order from the meeting_reader_newest_first index,
 * read index-only: those they own, merged with those shared with their e-mail that they do not
 * own, so none comes twice. Each branch is ordered so that the planner can merge the two index
 * scans and stop early instead of sorting every meeting the caller may read. SQL text, because
 * the query builder has no UNION.
 */
const CALLERS_MEETINGS_NEWEST_FIRST = `(
  (SELECT r.meeting_id, r.meeting_date FROM meeting_reader r
   WHERE r.reader = :readerId ORDER BY r.meeting_date DESC, r.meeting_id)
  UNION ALL
  (SELECT r.meeting_id, r.meeting_date FROM meeting_reader r
   WHERE r.reader = :readerEmail AND r.owner_id::text <> :readerId ORDER BY r.meeting_date DESC, r.meeting_id))`;

/**
 * Distinct hashtags on actions visible to the caller that contain `fragment`, case-insensitively:
 * tags starting with it first, then the most used; each in its most used spelling (lower case wins a tie).
 */
export function hashtagSuggestionsSql(
  caller: Caller,
  fragment: string | undefined,
  limit: number,
): SqlQuery {
  const { readerId, readerEmail } = readerKeys(caller);
  // Positional parameters after the caller's two; `add` gives a value's placeholder.
  const values: unknown[] = [readerId, readerEmail];
  const add = (value: unknown) => `$${values.push(value)}`;
  const where = [VISIBLE_TO_CALLER];
  const needle = fragment?.toLowerCase() ?? '';
  if (needle) where.push(`lower(t.tag) LIKE ${add(containsPattern(needle))}`);
  const prefix = add(`${escapeLike(needle)}%`);
  return {
    text: `SELECT s.tag FROM (
             SELECT lower(t.tag) AS key, mode() WITHIN GROUP (ORDER BY t.tag COLLATE "C" DESC) AS tag, count(*) AS uses
             FROM indexed_action a CROSS JOIN LATERAL unnest(a.hashtags) AS t(tag)
             WHERE ${where.join(' AND ')}
             GROUP BY lower(t.tag)
           ) s
           ORDER BY s.key LIKE ${prefix} DESC, s.uses DESC, s.key
           LIMIT ${add(limit)}`,
    values,
  };
}
