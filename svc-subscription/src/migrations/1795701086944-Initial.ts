import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1795701086944 implements MigrationInterface {
  name = 'Initial1795701086944';

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
            CREATE TABLE "subscription" (
                "user_id" uuid NOT NULL,
                "email" text NOT NULL,
                "status" text NOT NULL,
                "trial_started_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "trial_expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "has_seen_trial_notice" boolean NOT NULL DEFAULT false,
                "last_change_at" TIMESTAMP WITH TIME ZONE,
                "version" integer NOT NULL DEFAULT '1',
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "subscription_status" CHECK ("status" IN ('trial', 'paid', 'free')),
                CONSTRAINT "PK_940d49a105d50bbd616be540013" PRIMARY KEY ("user_id")
            )
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP TABLE "subscription"
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
