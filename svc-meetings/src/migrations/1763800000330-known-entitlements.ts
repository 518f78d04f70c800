import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The last entitlement svc-subscription gave for each user, so that owners keep editing while
 * the bus or svc-subscription is away (a downgrade made meanwhile counts once its event arrives).
 */
export class KnownEntitlements1763800000330 implements MigrationInterface {
  name = 'KnownEntitlements1763800000330';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE known_entitlement (
        user_id uuid PRIMARY KEY,
        status text NOT NULL,
        can_create boolean NOT NULL,
        trial_expires_on timestamptz NOT NULL,
        version integer NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE known_entitlement`);
  }
}
