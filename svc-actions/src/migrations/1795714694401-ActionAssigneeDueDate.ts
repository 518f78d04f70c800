import { MigrationInterface, QueryRunner } from 'typeorm';

export class ActionAssigneeDueDate1795714694401 implements MigrationInterface {
  name = 'ActionAssigneeDueDate1795714694401';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "indexed_action"
            ADD "assignee" text
        `);
    await queryRunner.query(`
            ALTER TABLE "indexed_action"
            ADD "due_date" date
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "indexed_action" DROP COLUMN "due_date"
        `);
    await queryRunner.query(`
            ALTER TABLE "indexed_action" DROP COLUMN "assignee"
        `);
  }
}
