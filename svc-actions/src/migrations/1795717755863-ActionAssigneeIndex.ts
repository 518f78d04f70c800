import { MigrationInterface, QueryRunner } from 'typeorm';

export class ActionAssigneeIndex1795717755863 implements MigrationInterface {
  name = 'ActionAssigneeIndex1795717755863';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE INDEX "indexed_action_assignee_due" ON "indexed_action" ("assignee", "due_date")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "indexed_action_assignee_due"
        `);
  }
}
