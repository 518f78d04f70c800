import { MigrationInterface, QueryRunner } from 'typeorm';

export class SharedEditors1795739275935 implements MigrationInterface {
  name = 'SharedEditors1795739275935';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "meeting"
            ADD "shared_editors" text array NOT NULL DEFAULT '{}'
        `);
    await queryRunner.query(`
            ALTER TABLE "meeting"
            ADD CONSTRAINT "meeting_shared_editors_check" CHECK (shared_editors <@ shared_with)
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "meeting" DROP CONSTRAINT "meeting_shared_editors_check"
        `);
    await queryRunner.query(`
            ALTER TABLE "meeting" DROP COLUMN "shared_editors"
        `);
  }
}
