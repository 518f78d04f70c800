import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wrong codes per address (the back-off and the lock), and no more secrets in tables: the code
 * HMAC key and the signing key come from the settings (or, outside production, files).
 */
export class SignInFailures1763800000200 implements MigrationInterface {
  name = 'SignInFailures1763800000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sign_in_failure (
        email text PRIMARY KEY,
        failed_attempts integer NOT NULL,
        last_failed_at timestamptz NOT NULL,
        locked_at timestamptz
      )`);
    await q.query(`DROP TABLE app_secret`);
    await q.query(`DROP TABLE signing_key`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE signing_key (
        kid text PRIMARY KEY,
        private_key_pem text NOT NULL,
        public_jwk jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        retired_at timestamptz
      )`);
    await q.query(`CREATE TABLE app_secret (name text PRIMARY KEY, value text NOT NULL)`);
    await q.query(`DROP TABLE sign_in_failure`);
  }
}
