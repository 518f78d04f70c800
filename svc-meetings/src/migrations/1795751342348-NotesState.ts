import { MigrationInterface, QueryRunner } from 'typeorm';

export class NotesState1795751342348 implements MigrationInterface {
  name = 'NotesState1795751342348';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "meeting"
            ADD "notes_state" bytea
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "meeting" DROP COLUMN "notes_state"
        `);
  }
}
