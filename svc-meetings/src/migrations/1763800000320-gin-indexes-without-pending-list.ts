import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The list's GIN indexes write straight into the index: the embedded database never vacuums, and
 * an unmerged pending list made the planner read the whole meeting table instead.
 */
export class GinIndexesWithoutPendingList1763800000320 implements MigrationInterface {
  name = 'GinIndexesWithoutPendingList1763800000320';

  async up(q: QueryRunner): Promise<void> {
    for (const index of ['meeting_shared_with_idx', 'meeting_title_trgm_idx']) {
      await q.query(`ALTER INDEX ${index} SET (fastupdate = off)`);
      await q.query(`SELECT gin_clean_pending_list('${index}'::regclass)`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of ['meeting_shared_with_idx', 'meeting_title_trgm_idx']) {
      await q.query(`ALTER INDEX ${index} RESET (fastupdate)`);
    }
  }
}
