import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1796154887841 implements MigrationInterface {
  name = 'Initial1796154887841';

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
            CREATE TABLE "meeting" (
                "id" uuid NOT NULL,
                "owner_id" uuid NOT NULL,
                "owner_email" text NOT NULL,
                "title" text NOT NULL,
                "date" TIMESTAMP WITH TIME ZONE NOT NULL,
                "notes" text NOT NULL DEFAULT '',
                "notes_state" bytea,
                "shared_with" text array NOT NULL DEFAULT '{}',
                "shared_editors" text array NOT NULL DEFAULT '{}',
                "series_id" uuid NOT NULL,
                "recurrence" text,
                "duration_minutes" integer NOT NULL DEFAULT '30',
                "time_zone" text NOT NULL DEFAULT 'UTC',
                "previous_occurrence_id" uuid,
                "recap_sent_at" TIMESTAMP WITH TIME ZONE,
                "version" integer NOT NULL DEFAULT '1',
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "meeting_duration_check" CHECK (
                    duration_minutes BETWEEN 15 AND 480
                    AND duration_minutes % 15 = 0
                ),
                CONSTRAINT "meeting_shared_editors_check" CHECK (shared_editors <@ shared_with),
                CONSTRAINT "meeting_version_check" CHECK (version > 0),
                CONSTRAINT "PK_dccaf9e4c0e39067d82ccc7bb83" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "meeting_previous_occurrence_key" ON "meeting" ("previous_occurrence_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "agenda_item" (
                "id" uuid NOT NULL,
                "meeting_id" uuid NOT NULL,
                "text" text NOT NULL,
                "completed" boolean NOT NULL DEFAULT false,
                "position" integer NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_413623e61232799619c2e0a1d42" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "agenda_item_meeting_idx" ON "agenda_item" ("meeting_id", "position")
        `);
    await queryRunner.query(`
            CREATE TABLE "action_item" (
                "id" uuid NOT NULL,
                "meeting_id" uuid NOT NULL,
                "text" text NOT NULL,
                "completed" boolean NOT NULL DEFAULT false,
                "position" integer NOT NULL,
                "hashtags" text array NOT NULL DEFAULT '{}',
                "assignee" text,
                "due_date" date,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_1214f6f4d832c402751617361c0" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "action_item_meeting_idx" ON "action_item" ("meeting_id", "position")
        `);
    await queryRunner.query(`
            CREATE TABLE "known_entitlement" (
                "user_id" uuid NOT NULL,
                "status" text NOT NULL,
                "can_create" boolean NOT NULL,
                "trial_expires_on" TIMESTAMP WITH TIME ZONE NOT NULL,
                "version" integer NOT NULL,
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_75d2319f527443b56423dd7fc82" PRIMARY KEY ("user_id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "calendar_feed" (
                "user_id" uuid NOT NULL,
                "user_email" text NOT NULL,
                "feed_key" text NOT NULL,
                "token_hash" text NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_29b8f216ae4f5fdd5bcc8de8112" PRIMARY KEY ("user_id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "calendar_feed_token_hash_key" ON "calendar_feed" ("token_hash")
        `);
    await queryRunner.query(`
            ALTER TABLE "agenda_item"
            ADD CONSTRAINT "agenda_item_meeting_id_fkey" FOREIGN KEY ("meeting_id") REFERENCES "meeting"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "action_item"
            ADD CONSTRAINT "action_item_meeting_id_fkey" FOREIGN KEY ("meeting_id") REFERENCES "meeting"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);

    // Written by hand: indexes TypeORM cannot express (descending keys, an expression, GIN), declared
    // on the entity with `synchronize: false`.
    // A user's own meetings, newest first (the list's first branch).
    await queryRunner.query(
      `CREATE INDEX "meeting_owner_date_idx" ON "meeting" ("owner_id", "date" DESC, "id" DESC)`,
    );
    // Meetings shared with an e-mail (the list's second branch, and access checks). Written
    // straight into the index: the embedded database never vacuums, and an unmerged pending list
    // made the planner read the whole table instead.
    await queryRunner.query(
      `CREATE INDEX "meeting_shared_with_idx" ON "meeting" USING gin ("shared_with") WITH (fastupdate = off)`,
    );
    // Earlier occurrences: the same series, or the same owner and title.
    await queryRunner.query(
      `CREATE INDEX "meeting_series_date_idx" ON "meeting" ("series_id", "date" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "meeting_owner_title_date_idx" ON "meeting" ("owner_id", lower(btrim("title")), "date" DESC)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of [
      'meeting_owner_title_date_idx',
      'meeting_series_date_idx',
      'meeting_shared_with_idx',
      'meeting_owner_date_idx',
    ])
      await queryRunner.query(`DROP INDEX "${index}"`);
    await queryRunner.query(`
            ALTER TABLE "action_item" DROP CONSTRAINT "action_item_meeting_id_fkey"
        `);
    await queryRunner.query(`
            ALTER TABLE "agenda_item" DROP CONSTRAINT "agenda_item_meeting_id_fkey"
        `);
    await queryRunner.query(`
            DROP INDEX "calendar_feed_token_hash_key"
        `);
    await queryRunner.query(`
            DROP TABLE "calendar_feed"
        `);
    await queryRunner.query(`
            DROP TABLE "known_entitlement"
        `);
    await queryRunner.query(`
            DROP INDEX "action_item_meeting_idx"
        `);
    await queryRunner.query(`
            DROP TABLE "action_item"
        `);
    await queryRunner.query(`
            DROP INDEX "agenda_item_meeting_idx"
        `);
    await queryRunner.query(`
            DROP TABLE "agenda_item"
        `);
    await queryRunner.query(`
            DROP INDEX "meeting_previous_occurrence_key"
        `);
    await queryRunner.query(`
            DROP TABLE "meeting"
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
