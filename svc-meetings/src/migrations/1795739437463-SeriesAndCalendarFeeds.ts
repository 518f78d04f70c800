import { MigrationInterface, QueryRunner } from 'typeorm';

export class SeriesAndCalendarFeeds1795739437463 implements MigrationInterface {
  name = 'SeriesAndCalendarFeeds1795739437463';

  public async up(queryRunner: QueryRunner): Promise<void> {
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
            ALTER TABLE "meeting"
            ADD "recurrence" text
        `);
    await queryRunner.query(`
            ALTER TABLE "meeting"
            ADD "duration_minutes" integer NOT NULL DEFAULT '30'
        `);
    await queryRunner.query(`
            ALTER TABLE "meeting"
            ADD "time_zone" text NOT NULL DEFAULT 'UTC'
        `);
    await queryRunner.query(`
            ALTER TABLE "meeting"
            ADD "previous_occurrence_id" uuid
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "meeting_previous_occurrence_key" ON "meeting" ("previous_occurrence_id")
        `);
    await queryRunner.query(`
            ALTER TABLE "meeting"
            ADD CONSTRAINT "meeting_duration_check" CHECK (
                    duration_minutes BETWEEN 15 AND 480
                    AND duration_minutes % 15 = 0
                )
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "meeting" DROP CONSTRAINT "meeting_duration_check"
        `);
    await queryRunner.query(`
            DROP INDEX "meeting_previous_occurrence_key"
        `);
    await queryRunner.query(`
            ALTER TABLE "meeting" DROP COLUMN "previous_occurrence_id"
        `);
    await queryRunner.query(`
            ALTER TABLE "meeting" DROP COLUMN "time_zone"
        `);
    await queryRunner.query(`
            ALTER TABLE "meeting" DROP COLUMN "duration_minutes"
        `);
    await queryRunner.query(`
            ALTER TABLE "meeting" DROP COLUMN "recurrence"
        `);
    await queryRunner.query(`
            DROP INDEX "calendar_feed_token_hash_key"
        `);
    await queryRunner.query(`
            DROP TABLE "calendar_feed"
        `);
  }
}
