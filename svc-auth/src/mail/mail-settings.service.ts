import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { MailSettingEntity } from '../entities.js';

/**
 * Per-address mail settings, by address rather than user: an assignee who never signed in gets
 * the digest too, and can unsubscribe from it. No row means the defaults (digest on).
 */
@Injectable()
export class MailSettingsService {
  constructor(private readonly dataSource: DataSource) {}

  async dailyDigest(email: string): Promise<boolean> {
    const row = await this.dataSource.manager.findOneBy(MailSettingEntity, { email });
    return row?.dailyDigest ?? true;
  }

  async setDailyDigest(email: string, dailyDigest: boolean): Promise<void> {
    await this.dataSource.manager.upsert(
      MailSettingEntity,
      { email, dailyDigest, updatedAt: new Date() },
      ['email'],
    );
  }

  /** Of these addresses, those that turned the digest off. */
  async digestOptedOut(emails: readonly string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await this.dataSource.manager.find(MailSettingEntity, {
      select: { email: true },
      where: { email: In([...emails]), dailyDigest: false },
    });
    return new Set(rows.map((row) => row.email));
  }
}
