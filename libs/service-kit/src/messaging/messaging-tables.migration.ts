import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The messaging tables, for the services whose migrations are not yet generated from entities. */
export class MessagingTables1763800000000 implements MigrationInterface {
  name = 'MessagingTables1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE outbox_event (
        seq bigserial PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        subject text NOT NULL,
        body jsonb NOT NULL,
        headers jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        claimed_until timestamptz,
        last_error text
      )`);
    await q.query(
      `CREATE INDEX outbox_event_pending ON outbox_event (seq) WHERE published_at IS NULL`,
    );
    await q.query(
      `CREATE INDEX outbox_event_published ON outbox_event (published_at) WHERE published_at IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE processed_event (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      )`);
    await q.query(`CREATE INDEX processed_event_age ON processed_event (processed_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE processed_event`);
    await q.query(`DROP TABLE outbox_event`);
  }
}
