import type { MigrationInterface, QueryRunner } from 'typeorm';

/** GIN indexes read by every search: without a pending list, a search never scans unmerged entries. */
const SEARCH_GIN = `WITH (fastupdate = off)`;

/**
 * Each action row carries its meeting's title, date, owner and shared list, so that one table
 * answers every filter and the planner can start from the most selective index: visibility (owner,
 * shared list), text or title trigrams, or hashtag. No index in list order on purpose: with a
 * filter that matches nothing the caller sees, the planner walked all of it (8 s at 1,000,000
 * actions). Measured with EXPLAIN, see svc-actions/test/index-plans.real.spec.ts.
 */
export class ActionSearchRows1763800000410 implements MigrationInterface {
  name = 'ActionSearchRows1763800000410';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE indexed_action
        ADD COLUMN meeting_title text,
        ADD COLUMN meeting_date timestamptz,
        ADD COLUMN owner_id uuid,
        ADD COLUMN owner_email text,
        ADD COLUMN shared_with text[] NOT NULL DEFAULT '{}'`);
    await q.query(`
      UPDATE indexed_action a
      SET meeting_title = m.title, meeting_date = m.date, owner_id = m.owner_id, owner_email = m.owner_email, shared_with = m.shared_with
      FROM indexed_meeting m WHERE m.id = a.meeting_id`);
    await q.query(`
      ALTER TABLE indexed_action
        ALTER COLUMN meeting_title SET NOT NULL,
        ALTER COLUMN meeting_date SET NOT NULL,
        ALTER COLUMN owner_id SET NOT NULL,
        ALTER COLUMN owner_email SET NOT NULL`);
    // The meeting table is now read by id only.
    await q.query(`DROP INDEX indexed_meeting_owner`);
    await q.query(`DROP INDEX indexed_meeting_shared_with`);
    await q.query(`DROP INDEX indexed_meeting_title_trgm`);
    await q.query(`CREATE INDEX indexed_action_owner ON indexed_action (owner_id)`);
    await q.query(
      `CREATE INDEX indexed_action_shared_with ON indexed_action USING gin (shared_with) ${SEARCH_GIN}`,
    );
    await q.query(
      `CREATE INDEX indexed_action_title_trgm ON indexed_action USING gin (meeting_title public.gin_trgm_ops) ${SEARCH_GIN}`,
    );
    for (const index of ['indexed_action_text_trgm', 'indexed_action_hashtag_keys']) {
      await q.query(`ALTER INDEX ${index} SET (fastupdate = off)`);
      await q.query(`SELECT gin_clean_pending_list($1::regclass)`, [index]);
    }
    // Fresh statistics for the new columns, or the planner guesses until autovacuum comes by.
    await q.query(`ANALYZE indexed_action`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of ['indexed_action_text_trgm', 'indexed_action_hashtag_keys'])
      await q.query(`ALTER INDEX ${index} RESET (fastupdate)`);
    await q.query(`DROP INDEX indexed_action_title_trgm`);
    await q.query(`DROP INDEX indexed_action_shared_with`);
    await q.query(`DROP INDEX indexed_action_owner`);
    await q.query(`CREATE INDEX indexed_meeting_owner ON indexed_meeting (owner_id)`);
    await q.query(
      `CREATE INDEX indexed_meeting_shared_with ON indexed_meeting USING gin (shared_with)`,
    );
    await q.query(
      `CREATE INDEX indexed_meeting_title_trgm ON indexed_meeting USING gin (title public.gin_trgm_ops)`,
    );
    await q.query(`
      ALTER TABLE indexed_action
        DROP COLUMN meeting_title, DROP COLUMN meeting_date, DROP COLUMN owner_id, DROP COLUMN owner_email, DROP COLUMN shared_with`);
  }
}
