import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The list's title search filters the caller's own meetings (MeetingStore.visibleTo), so the
 * trigram index of every title is no longer read; it only cost writes. pg_trgm stays installed.
 */
export class TitleSearchWithoutTrigramIndex1763800000340 implements MigrationInterface {
  name = 'TitleSearchWithoutTrigramIndex1763800000340';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS meeting_title_trgm_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX meeting_title_trgm_idx ON meeting USING gin (title public.gin_trgm_ops) WITH (fastupdate = off)`,
    );
  }
}
