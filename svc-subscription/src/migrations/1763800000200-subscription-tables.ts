import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SubscriptionTables1763800000200 implements MigrationInterface {
  name = 'SubscriptionTables1763800000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE subscription (
        user_id uuid PRIMARY KEY,
        email text NOT NULL,
        status text NOT NULL CHECK (status IN ('trial', 'paid', 'free')),
        trial_started_at timestamptz NOT NULL,
        trial_expires_at timestamptz NOT NULL,
        has_seen_trial_notice boolean NOT NULL DEFAULT false,
        last_change_at timestamptz,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE subscription`);
  }
}
