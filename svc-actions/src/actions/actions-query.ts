import { DEFAULT_TIME_ZONE, type ListActionsQuery } from '@meetings/contracts';
import { dueRange } from '@meetings/domain';

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

/** Collects positional parameters after the caller's two. */
class Parameters {
  readonly values: unknown[];
  constructor(caller: Caller) {
    // uuid::text is lower case; an e-mail never looks like a uuid, so the two cannot be confused.
    this.values = [caller.id.toLowerCase(), caller.email.trim().toLowerCase()];
  }
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * One page of actions visible to the caller, newest meeting first, then by meeting id and action
 * order. Fetches one row beyond the page to tell whether more follow, without counting.
 *
 * Two shapes, both measured at 1,000,000 actions. A hashtag filter
 * starts from the multicolumn readers-and-hashtags index, which holds both conditions (a rare tag
 * costs nothing). Every other list walks the caller's meetings newest first and stops at a full
 * page; for a rare word the planner may instead start from the trigram indexes and join.
 */
export function listActionsSql(
  caller: Caller,
  query: ListActionsQuery,
  now: Date = new Date(),
): SqlQuery {
  const params = new Parameters(caller);
  const where: string[] = [];
  if (!query.showCompleted || query.due === 'overdue') where.push('NOT a.completed');
  if (query.due) {
    const range = dueRange(query.due, caller.timeZone ?? DEFAULT_TIME_ZONE, now);
    if (range.undated) where.push('a.due_date IS NULL');
    if (range.from) where.push(`a.due_date >= ${params.add(range.from)}::date`);
    if (range.to) where.push(`a.due_date <= ${params.add(range.to)}::date`);
  }
  const search = query.search?.trim();
  if (search) {
    const pattern = params.add(containsPattern(search));
    where.push(`(a.text ILIKE ${pattern} OR a.meeting_title ILIKE ${pattern})`);
  }
  if (query.hashtag) {
    where.push(`a.hashtag_keys @> ARRAY[${params.add(query.hashtag.toLowerCase())}::text]`);
  }
  const assignee = query.assignee === 'me' ? caller.email.trim().toLowerCase() : query.assignee;
  if (assignee) where.push(`a.assignee = ${params.add(assignee)}`);
  // A hashtag or an assignee picks few rows from its own index; visibility is checked on those.
  const direct = Boolean(query.hashtag || assignee);
  if (direct) where.unshift(VISIBLE_TO_CALLER);
  const byDue = query.sort === 'due' ? 'a.due_date ASC NULLS LAST, ' : '';
  const limit = params.add(query.pageSize + 1);
  const offset = params.add((query.page - 1) * query.pageSize);
  const columns = `a.meeting_id, a.meeting_title AS title, a.meeting_date AS date, a.owner_id, a.owner_email,
                   a.id, a.text, a.completed, a."order", a.hashtags,
                   a.assignee, to_char(a.due_date, 'YYYY-MM-DD') AS due_date`;
  const page = `LIMIT ${limit} OFFSET ${offset}`;
  if (direct)
    return {
      text: `SELECT ${columns}
             FROM indexed_action a
             WHERE ${where.join(' AND ')}
             ORDER BY ${byDue}a.meeting_date DESC, a.meeting_id, a."order", a.id
             ${page}`,
      values: params.values,
    };
  return {
    text: `SELECT ${columns}
           FROM (${CALLERS_MEETINGS_NEWEST_FIRST}) m
           CROSS JOIN LATERAL (
             SELECT * FROM indexed_action a
             WHERE a.meeting_id = m.meeting_id${where.map((condition) => ` AND ${condition}`).join('')}
           ) a
           ORDER BY ${byDue}m.meeting_date DESC, m.meeting_id, a."order", a.id
           ${page}`,
    values: params.values,
  };
}

/**
 * The caller's meetings in list order from the meeting_reader_newest_first index,
 * read index-only: those they own, merged with those shared with their e-mail that they do not
 * own, so none comes twice. Each branch is ordered so that the planner can merge the two index
 * scans and stop early instead of sorting every meeting the caller may read.
 */
const CALLERS_MEETINGS_NEWEST_FIRST = `
  (SELECT r.meeting_id, r.meeting_date FROM meeting_reader r
   WHERE r.reader = $1 ORDER BY r.meeting_date DESC, r.meeting_id)
  UNION ALL
  (SELECT r.meeting_id, r.meeting_date FROM meeting_reader r
   WHERE r.reader = $2 AND r.owner_id::text <> $1 ORDER BY r.meeting_date DESC, r.meeting_id)`;

/**
 * Distinct hashtags on actions visible to the caller that contain `fragment`, case-insensitively:
 * tags starting with it first, then the most used; each in its most used spelling (lower case wins a tie).
 */
export function hashtagSuggestionsSql(
  caller: Caller,
  fragment: string | undefined,
  limit: number,
): SqlQuery {
  const params = new Parameters(caller);
  const where = [VISIBLE_TO_CALLER];
  const needle = fragment?.toLowerCase() ?? '';
  if (needle) where.push(`lower(t.tag) LIKE ${params.add(containsPattern(needle))}`);
  const prefix = params.add(`${escapeLike(needle)}%`);
  return {
    text: `SELECT s.tag FROM (
             SELECT lower(t.tag) AS key, mode() WITHIN GROUP (ORDER BY t.tag COLLATE "C" DESC) AS tag, count(*) AS uses
             FROM indexed_action a CROSS JOIN LATERAL unnest(a.hashtags) AS t(tag)
             WHERE ${where.join(' AND ')}
             GROUP BY lower(t.tag)
           ) s
           ORDER BY s.key LIKE ${prefix} DESC, s.uses DESC, s.key
           LIMIT ${params.add(limit)}`,
    values: params.values,
  };
}

/** A LIKE pattern matching `text` anywhere, its own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}
