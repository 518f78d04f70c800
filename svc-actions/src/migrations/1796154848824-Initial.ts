import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Everyone who may read an action: its meeting's owner (by id) and the e-mails it is shared with. */
const READERS = `(ARRAY["owner_id"::text] || "shared_with")`;
/** GIN indexes read by every search: without a pending list, a search never scans unmerged entries. */
const SEARCH_GIN = `WITH (fastupdate = off)`;

export class Initial1796154848824 implements MigrationInterface {
  name = 'Initial1796154848824';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Written by hand: the trigram extension, which services and parallel test runs migrating their
    // own schemas at once share.
    await queryRunner.query(`SELECT pg_advisory_xact_lock(hashtext('create-extension:pg_trgm'))`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
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
            CREATE TABLE "indexed_meeting" (
                "id" uuid NOT NULL,
                "version" integer NOT NULL,
                "title" text,
                "date" TIMESTAMP WITH TIME ZONE,
                "owner_id" uuid,
                "owner_email" text,
                "shared_with" text array NOT NULL DEFAULT '{}',
                "deleted_at" TIMESTAMP WITH TIME ZONE,
                "indexed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "indexed_meeting_live_has_content" CHECK (
                    deleted_at IS NOT NULL
                    OR (
                        title IS NOT NULL
                        AND date IS NOT NULL
                        AND owner_id IS NOT NULL
                        AND owner_email IS NOT NULL
                    )
                ),
                CONSTRAINT "PK_71d47055c0607e69879304342f7" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "indexed_action" (
                "meeting_id" uuid NOT NULL,
                "id" uuid NOT NULL,
                "text" text NOT NULL,
                "completed" boolean NOT NULL,
                "order" integer NOT NULL,
                "hashtags" text array NOT NULL DEFAULT '{}',
                "hashtag_keys" text array NOT NULL DEFAULT '{}',
                "assignee" text,
                "due_date" date,
                "meeting_title" text NOT NULL,
                "meeting_date" TIMESTAMP WITH TIME ZONE NOT NULL,
                "owner_id" uuid NOT NULL,
                "owner_email" text NOT NULL,
                "shared_with" text array NOT NULL DEFAULT '{}',
                CONSTRAINT "PK_97902f801835c676bb0e7227939" PRIMARY KEY ("meeting_id", "id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "indexed_action_assignee_due" ON "indexed_action" ("assignee", "due_date")
        `);
    await queryRunner.query(`
            CREATE TABLE "meeting_reader" (
                "meeting_id" uuid NOT NULL,
                "reader" text NOT NULL,
                "meeting_date" TIMESTAMP WITH TIME ZONE NOT NULL,
                "owner_id" uuid NOT NULL,
                CONSTRAINT "PK_81b28dff3a624cb5c2d3ab6d705" PRIMARY KEY ("meeting_id", "reader")
            )
        `);
    await queryRunner.query(`
            ALTER TABLE "indexed_action"
            ADD CONSTRAINT "indexed_action_meeting_id_fkey" FOREIGN KEY ("meeting_id") REFERENCES "indexed_meeting"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "meeting_reader"
            ADD CONSTRAINT "meeting_reader_meeting_id_fkey" FOREIGN KEY ("meeting_id") REFERENCES "indexed_meeting"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    // Written by hand: indexes TypeORM cannot express, declared on the entities with
    // `synchronize: false`. Each action row carries its meeting's title, date, owner and shared
    // list so that one table answers every filter. Every search starts from what the caller may
    // read: multicolumn GIN indexes hold visibility and the text, title or hashtag condition, so
    // one scan skips straight to rows that match both (the queries state visibility as
    // `READERS && ARRAY[id, email]`). No index in list order on purpose: with a filter that matches
    // nothing the caller sees, the planner walked all of it. Measured with EXPLAIN on 1,000,000
    // actions (bench/src/explain.mjs).
    await queryRunner.query(
      `CREATE INDEX "indexed_action_readers_text" ON "indexed_action" USING gin (${READERS}, "text" public.gin_trgm_ops) ${SEARCH_GIN}`,
    );
    await queryRunner.query(
      `CREATE INDEX "indexed_action_readers_title" ON "indexed_action" USING gin (${READERS}, "meeting_title" public.gin_trgm_ops) ${SEARCH_GIN}`,
    );
    await queryRunner.query(
      `CREATE INDEX "indexed_action_readers_hashtags" ON "indexed_action" USING gin (${READERS}, "hashtag_keys") ${SEARCH_GIN}`,
    );
    // The caller's meetings in the list's order, the owner included so the walk reads the index
    // only: the list and the text search stop at a full page, so their cost follows the page asked
    // for, not the table.
    await queryRunner.query(
      `CREATE INDEX "meeting_reader_newest_first" ON "meeting_reader" ("reader", "meeting_date" DESC, "meeting_id") INCLUDE ("owner_id")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // The extension stays: other schemas of the database may use it.
    for (const index of [
      'meeting_reader_newest_first',
      'indexed_action_readers_hashtags',
      'indexed_action_readers_title',
      'indexed_action_readers_text',
    ])
      await queryRunner.query(`DROP INDEX "${index}"`);
    await queryRunner.query(`
            ALTER TABLE "meeting_reader" DROP CONSTRAINT "meeting_reader_meeting_id_fkey"
        `);
    await queryRunner.query(`
            ALTER TABLE "indexed_action" DROP CONSTRAINT "indexed_action_meeting_id_fkey"
        `);
    await queryRunner.query(`
            DROP TABLE "meeting_reader"
        `);
    await queryRunner.query(`
            DROP INDEX "indexed_action_assignee_due"
        `);
    await queryRunner.query(`
            DROP TABLE "indexed_action"
        `);
    await queryRunner.query(`
            DROP TABLE "indexed_meeting"
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
