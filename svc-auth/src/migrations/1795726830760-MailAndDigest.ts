import { MigrationInterface, QueryRunner } from 'typeorm';

export class MailAndDigest1795726830760 implements MigrationInterface {
  name = 'MailAndDigest1795726830760';

  public async up(queryRunner: QueryRunner): Promise<void> {
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
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP TABLE "digest_send"
        `);
    await queryRunner.query(`
            DROP TABLE "mail_setting"
        `);
  }
}
