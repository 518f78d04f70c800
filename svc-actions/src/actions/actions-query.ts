import type { ListActionsQuery } from '@meetings/contracts';

export interface Caller {
  id: string;
  email: string;
}

export interface SqlQuery {
  text: string;
  values: unknown[];
}

/**
 * What the caller may see: meetings they own, or whose shared list holds their e-mail. Written as
 * the readers expression of the multicolumn indexes (migration 1763800000420), so every search
 * scans one index for visibility and its own condition together.
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
 */
export function listActionsSql(caller: Caller, query: ListActionsQuery): SqlQuery {
  const params = new Parameters(caller);
  const where = [VISIBLE_TO_CALLER];
  if (!query.showCompleted) where.push('NOT a.completed');
  const search = query.search?.trim();
  if (search) {
    const pattern = params.add(containsPattern(search));
    where.push(`(a.text ILIKE ${pattern} OR a.meeting_title ILIKE ${pattern})`);
  }
  if (query.hashtag)
    where.push(`a.hashtag_keys @> ARRAY[${params.add(query.hashtag.toLowerCase())}::text]`);
  const limit = params.add(query.pageSize + 1);
  const offset = params.add((query.page - 1) * query.pageSize);
  return {
    text: `SELECT a.meeting_id, a.meeting_title AS title, a.meeting_date AS date, a.owner_id, a.owner_email,
                  a.id, a.text, a.completed, a."order", a.hashtags
           FROM indexed_action a
           WHERE ${where.join(' AND ')}
           ORDER BY a.meeting_date DESC, a.meeting_id, a."order", a.id
           LIMIT ${limit} OFFSET ${offset}`,
    values: params.values,
  };
}

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
