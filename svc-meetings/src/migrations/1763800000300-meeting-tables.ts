import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Meetings with their shared e-mails inline (a user's list reads owner_id or shared_with, each
 * through its own index), agenda items and actions in tables of their own keyed by meeting.
 */
export class MeetingTables1763800000300 implements MigrationInterface {
  name = 'MeetingTables1763800000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE meeting (
        id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        owner_email text NOT NULL,
        title text NOT NULL,
        date timestamptz NOT NULL,
        notes text NOT NULL DEFAULT '',
        shared_with text[] NOT NULL DEFAULT '{}',
        series_id uuid NOT NULL,
        version integer NOT NULL DEFAULT 1 CHECK (version > 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A user's own meetings, newest first (the list's first branch).
    await q.query(`CREATE INDEX meeting_owner_date_idx ON meeting (owner_id, date DESC, id DESC)`);
    // Meetings shared with an e-mail (the list's second branch, and access checks).
    await q.query(`CREATE INDEX meeting_shared_with_idx ON meeting USING gin (shared_with)`);
    // Earlier occurrences: the same series, or the same owner and title.
    await q.query(`CREATE INDEX meeting_series_date_idx ON meeting (series_id, date DESC)`);
    await q.query(
      `CREATE INDEX meeting_owner_title_date_idx ON meeting (owner_id, lower(btrim(title)), date DESC)`,
    );

    await q.query(`
      CREATE TABLE agenda_item (
        id uuid PRIMARY KEY,
        meeting_id uuid NOT NULL REFERENCES meeting (id) ON DELETE CASCADE,
        text text NOT NULL,
        completed boolean NOT NULL DEFAULT false,
        position integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX agenda_item_meeting_idx ON agenda_item (meeting_id, position)`);

    await q.query(`
      CREATE TABLE action_item (
        id uuid PRIMARY KEY,
        meeting_id uuid NOT NULL REFERENCES meeting (id) ON DELETE CASCADE,
        text text NOT NULL,
        completed boolean NOT NULL DEFAULT false,
        position integer NOT NULL,
        hashtags text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX action_item_meeting_idx ON action_item (meeting_id, position)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE action_item`);
    await q.query(`DROP TABLE agenda_item`);
    await q.query(`DROP TABLE meeting`);
  }
}
