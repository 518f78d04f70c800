import { MigrationInterface, QueryRunner } from 'typeorm';

export class ActionAssigneeDueDate1795713461690 implements MigrationInterface {
  name = 'ActionAssigneeDueDate1795713461690';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "action_item"
            ADD "assignee" text
        `);
    await queryRunner.query(`
            ALTER TABLE "action_item"
            ADD "due_date" date
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "action_item" DROP COLUMN "due_date"
        `);
    await queryRunner.query(`
            ALTER TABLE "action_item" DROP COLUMN "assignee"
        `);
  }
}
