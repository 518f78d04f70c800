import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The action index: svc-actions' own copy of each meeting's searchable part, fed by svc-meetings'
 * events. A deleted meeting stays as a tombstone (version only) so an older upsert cannot revive it.
 */
export class ActionIndex1763800000400 implements MigrationInterface {
  name = 'ActionIndex1763800000400';

  async up(q: QueryRunner): Promise<void> {
    // Services and parallel test runs migrate their own schemas at once but share this extension.
    await q.query(`SELECT pg_advisory_xact_lock(hashtext('create-extension:pg_trgm'))`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
    await q.query(`
      CREATE TABLE indexed_meeting (
        id uuid PRIMARY KEY,
        version integer NOT NULL,
        title text,
        date timestamptz,
        owner_id uuid,
        owner_email text,
        shared_with text[] NOT NULL DEFAULT '{}',
        deleted_at timestamptz,
        indexed_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT indexed_meeting_live_has_content CHECK (
          deleted_at IS NOT NULL
          OR (title IS NOT NULL AND date IS NOT NULL AND owner_id IS NOT NULL AND owner_email IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX indexed_meeting_owner ON indexed_meeting (owner_id)`);
    await q.query(
      `CREATE INDEX indexed_meeting_shared_with ON indexed_meeting USING gin (shared_with)`,
    );
    await q.query(
      `CREATE INDEX indexed_meeting_title_trgm ON indexed_meeting USING gin (title public.gin_trgm_ops)`,
    );
    await q.query(`
      CREATE TABLE indexed_action (
        meeting_id uuid NOT NULL REFERENCES indexed_meeting (id) ON DELETE CASCADE,
        id uuid NOT NULL,
        text text NOT NULL,
        completed boolean NOT NULL,
        "order" integer NOT NULL,
        hashtags text[] NOT NULL DEFAULT '{}',
        hashtag_keys text[] NOT NULL DEFAULT '{}',
        PRIMARY KEY (meeting_id, id)
      )`);
    await q.query(
      `CREATE INDEX indexed_action_text_trgm ON indexed_action USING gin (text public.gin_trgm_ops)`,
    );
    await q.query(
      `CREATE INDEX indexed_action_hashtag_keys ON indexed_action USING gin (hashtag_keys)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE indexed_action`);
    await q.query(`DROP TABLE indexed_meeting`);
  }
}
