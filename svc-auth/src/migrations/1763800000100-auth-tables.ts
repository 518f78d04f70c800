import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AuthTables1763800000100 implements MigrationInterface {
  name = 'AuthTables1763800000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE app_user (
        id uuid PRIMARY KEY,
        email text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        privacy_accepted_at timestamptz
      )`);
    await q.query(`
      CREATE TABLE login_code (
        id uuid PRIMARY KEY,
        email text NOT NULL,
        code_hmac bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        consumed_at timestamptz,
        superseded_at timestamptz,
        requested_by_ip text
      )`);
    await q.query(`CREATE INDEX login_code_email_latest ON login_code (email, created_at DESC)`);
    await q.query(`
      CREATE TABLE session (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        token_hash bytea NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX session_by_user ON session (user_id)`);
    await q.query(`
      CREATE TABLE signing_key (
        kid text PRIMARY KEY,
        private_key_pem text NOT NULL,
        public_jwk jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        retired_at timestamptz
      )`);
    await q.query(`CREATE TABLE app_secret (name text PRIMARY KEY, value text NOT NULL)`);
    // The rate limiter's store (rate-limiter-flexible's RateLimiterPostgres layout).
    await q.query(`
      CREATE TABLE rate_limit (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rate_limit`);
    await q.query(`DROP TABLE app_secret`);
    await q.query(`DROP TABLE signing_key`);
    await q.query(`DROP TABLE session`);
    await q.query(`DROP TABLE login_code`);
    await q.query(`DROP TABLE app_user`);
  }
}
