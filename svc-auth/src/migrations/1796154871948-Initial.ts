import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1796154871948 implements MigrationInterface {
  name = 'Initial1796154871948';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "outbox_event" (
                "seq" BIGSERIAL NOT NULL,
                "id" uuid NOT NULL,
                "subject" text NOT NULL,
                "body" jsonb NOT NULL,
                "headers" jsonb NOT NULL DEFAULT '{}',
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "published_at" TIMESTAMP WITH TIME ZONE,
                "attempts" integer NOT NULL DEFAULT '0',
                "claimed_until" TIMESTAMP WITH TIME ZONE,
                "last_error" text,
                CONSTRAINT "UQ_cc0c9e40998e45ecfc5e313429d" UNIQUE ("id"),
                CONSTRAINT "PK_8b2ec32e4ede6bb674633367acb" PRIMARY KEY ("seq")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "outbox_event_published" ON "outbox_event" ("published_at")
            WHERE published_at IS NOT NULL
        `);
    await queryRunner.query(`
            CREATE INDEX "outbox_event_pending" ON "outbox_event" ("seq")
            WHERE published_at IS NULL
        `);
    await queryRunner.query(`
            CREATE TABLE "processed_event" (
                "consumer" text NOT NULL,
                "event_id" uuid NOT NULL,
                "processed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_df88f54e67ec5c5caece922a498" PRIMARY KEY ("consumer", "event_id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "processed_event_age" ON "processed_event" ("processed_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "app_user" (
                "id" uuid NOT NULL,
                "email" text NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "privacy_accepted_at" TIMESTAMP WITH TIME ZONE,
                "time_zone" text NOT NULL DEFAULT 'UTC',
                CONSTRAINT "UQ_3fa909d0e37c531ebc237703391" UNIQUE ("email"),
                CONSTRAINT "PK_22a5c4a3d9b2fb8e4e73fc4ada1" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "login_code" (
                "id" uuid NOT NULL,
                "email" text NOT NULL,
                "code_hmac" bytea NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "attempts" integer NOT NULL DEFAULT '0',
                "consumed_at" TIMESTAMP WITH TIME ZONE,
                "superseded_at" TIMESTAMP WITH TIME ZONE,
                "requested_by_ip" text,
                CONSTRAINT "PK_1ee613586a5aec6821c1df9403b" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "session" (
                "id" uuid NOT NULL,
                "user_id" uuid NOT NULL,
                "token_hash" bytea NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "revoked_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "UQ_a83507eb0338ac037780e02f2b9" UNIQUE ("token_hash"),
                CONSTRAINT "PK_f55da76ac1c3ac420f444d2ff11" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "session_by_user" ON "session" ("user_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "sign_in_failure" (
                "email" text NOT NULL,
                "failed_attempts" integer NOT NULL,
                "last_failed_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "locked_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_80da20caaab0656921e75417306" PRIMARY KEY ("email")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "rate_limit" (
                "key" character varying(255) NOT NULL,
                "points" integer NOT NULL DEFAULT '0',
                "expire" bigint,
                CONSTRAINT "PK_e6c0c0608decdf78e4d4b263397" PRIMARY KEY ("key")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "mail_setting" (
                "email" text NOT NULL,
                "daily_digest" boolean NOT NULL DEFAULT true,
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                CONSTRAINT "PK_020a9b32e366ebca7268196562c" PRIMARY KEY ("email")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "digest_send" (
                "email" text NOT NULL,
                "local_date" date NOT NULL,
                "claimed_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "done_at" TIMESTAMP WITH TIME ZONE,
                "outcome" text,
                "action_count" integer,
                CONSTRAINT "PK_10d5444827d1914c25cdd06de7e" PRIMARY KEY ("email", "local_date")
            )
        `);
    await queryRunner.query(`
            ALTER TABLE "session"
            ADD CONSTRAINT "session_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);

    // Written by hand (a descending key), declared on the entity with `synchronize: false`: an
    // address's latest code.
    await queryRunner.query(
      `CREATE INDEX "login_code_email_latest" ON "login_code" ("email", "created_at" DESC)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "login_code_email_latest"`);
    await queryRunner.query(`
            ALTER TABLE "session" DROP CONSTRAINT "session_user_id_fkey"
        `);
    await queryRunner.query(`
            DROP TABLE "digest_send"
        `);
    await queryRunner.query(`
            DROP TABLE "mail_setting"
        `);
    await queryRunner.query(`
            DROP TABLE "rate_limit"
        `);
    await queryRunner.query(`
            DROP TABLE "sign_in_failure"
        `);
    await queryRunner.query(`
            DROP INDEX "session_by_user"
        `);
    await queryRunner.query(`
            DROP TABLE "session"
        `);
    await queryRunner.query(`
            DROP TABLE "login_code"
        `);
    await queryRunner.query(`
            DROP TABLE "app_user"
        `);
    await queryRunner.query(`
            DROP INDEX "processed_event_age"
        `);
    await queryRunner.query(`
            DROP TABLE "processed_event"
        `);
    await queryRunner.query(`
            DROP INDEX "outbox_event_pending"
        `);
    await queryRunner.query(`
            DROP INDEX "outbox_event_published"
        `);
    await queryRunner.query(`
            DROP TABLE "outbox_event"
        `);
  }
}
