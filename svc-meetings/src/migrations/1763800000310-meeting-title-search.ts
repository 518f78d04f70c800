import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Title substring search (ILIKE '%text%') through a trigram index. */
export class MeetingTitleSearch1763800000310 implements MigrationInterface {
  name = 'MeetingTitleSearch1763800000310';

  async up(q: QueryRunner): Promise<void> {
    // Schemas migrating side by side on one server may race to create it; the loser just uses it.
    await q.query(`
      DO $$ BEGIN
        CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
      EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
      END $$`);
    await q.query(
      `CREATE INDEX meeting_title_trgm_idx ON meeting USING gin (title public.gin_trgm_ops)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    // The extension stays: other schemas of the database may use it.
    await q.query(`DROP INDEX meeting_title_trgm_idx`);
  }
}
