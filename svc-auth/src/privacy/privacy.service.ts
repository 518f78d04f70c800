import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

@Injectable()
export class PrivacyService {
  constructor(private readonly dataSource: DataSource) {}

  async accept(userId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE app_user SET privacy_accepted_at = coalesce(privacy_accepted_at, now()) WHERE id = $1`,
      [userId],
    );
  }

  async hasAccepted(userId: string): Promise<boolean> {
    const [row] = (await this.dataSource.query(
      `SELECT privacy_accepted_at FROM app_user WHERE id = $1`,
      [userId],
    )) as {
      privacy_accepted_at: Date | null;
    }[];
    return !!row?.privacy_accepted_at;
  }
}
