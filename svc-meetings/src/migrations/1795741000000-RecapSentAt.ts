import { MigrationInterface, QueryRunner } from 'typeorm';

export class RecapSentAt1795741000000 implements MigrationInterface {
  name = 'RecapSentAt1795741000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "meeting"
            ADD "recap_sent_at" TIMESTAMP WITH TIME ZONE
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "meeting" DROP COLUMN "recap_sent_at"
        `);
  }
}
