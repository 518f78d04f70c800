import { MigrationInterface, QueryRunner } from 'typeorm';

export class UserTimeZone1795716851108 implements MigrationInterface {
  name = 'UserTimeZone1795716851108';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "app_user"
            ADD "time_zone" text NOT NULL DEFAULT 'UTC'
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "app_user" DROP COLUMN "time_zone"
        `);
  }
}
