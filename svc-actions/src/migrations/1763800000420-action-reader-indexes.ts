import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Everyone who may read an action: its meeting's owner (by id) and the e-mails it is shared with. */
const READERS = `(ARRAY[owner_id::text] || shared_with)`;
const SEARCH_GIN = `WITH (fastupdate = off)`;

/**
 * Every search starts from what the caller may read. Separate indexes for visibility and for text
 * or hashtag made the planner intersect a few thousand visible rows with every row containing the
 * word (87,000 for "budget" at 1,000,000 actions: 37 ms for a typical user). Multicolumn GIN
 * indexes hold both conditions, so one scan skips straight to rows that match both: 6 ms for text,
 * 0.6 ms (was 4.7) for a hashtag, and a user shared on 10% of all meetings gains too (text 79 →
 * 62 ms, hashtag 20 → 8.5 ms). The queries state visibility as `READERS && ARRAY[id, email]`.
 */
export class ActionReaderIndexes1763800000420 implements MigrationInterface {
  name = 'ActionReaderIndexes1763800000420';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX indexed_action_readers_text ON indexed_action USING gin (${READERS}, text public.gin_trgm_ops) ${SEARCH_GIN}`,
    );
    await q.query(
      `CREATE INDEX indexed_action_readers_title ON indexed_action USING gin (${READERS}, meeting_title public.gin_trgm_ops) ${SEARCH_GIN}`,
    );
    await q.query(
      `CREATE INDEX indexed_action_readers_hashtags ON indexed_action USING gin (${READERS}, hashtag_keys) ${SEARCH_GIN}`,
    );
    // Superseded: no query filters on these without the caller's visibility.
    for (const index of [
      'indexed_action_text_trgm',
      'indexed_action_title_trgm',
      'indexed_action_hashtag_keys',
      'indexed_action_shared_with',
      'indexed_action_owner',
    ])
      await q.query(`DROP INDEX ${index}`);
    await q.query(`ANALYZE indexed_action`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX indexed_action_owner ON indexed_action (owner_id)`);
    await q.query(
      `CREATE INDEX indexed_action_shared_with ON indexed_action USING gin (shared_with) ${SEARCH_GIN}`,
    );
    await q.query(
      `CREATE INDEX indexed_action_hashtag_keys ON indexed_action USING gin (hashtag_keys) ${SEARCH_GIN}`,
    );
    await q.query(
      `CREATE INDEX indexed_action_title_trgm ON indexed_action USING gin (meeting_title public.gin_trgm_ops) ${SEARCH_GIN}`,
    );
    await q.query(
      `CREATE INDEX indexed_action_text_trgm ON indexed_action USING gin (text public.gin_trgm_ops) ${SEARCH_GIN}`,
    );
    for (const index of [
      'indexed_action_readers_hashtags',
      'indexed_action_readers_title',
      'indexed_action_readers_text',
    ])
      await q.query(`DROP INDEX ${index}`);
  }
}
