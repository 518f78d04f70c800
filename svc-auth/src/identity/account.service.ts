import { resolveTimeZone } from '@meetings/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, Not } from 'typeorm';
import { UserEntity } from '../entities.js';

/** The account row's own settings: the privacy notice's acceptance and the time zone. */
@Injectable()
export class AccountService {
  constructor(private readonly dataSource: DataSource) {}

  async acceptPrivacy(userId: string): Promise<void> {
    await this.dataSource.manager.update(
      UserEntity,
      { id: userId, privacyAcceptedAt: IsNull() },
      { privacyAcceptedAt: () => 'now()' },
    );
  }

  async hasAcceptedPrivacy(userId: string): Promise<boolean> {
    return this.dataSource.manager.existsBy(UserEntity, {
      id: userId,
      privacyAcceptedAt: Not(IsNull()),
    });
  }

  /**
   * Each user's time zone (UTC until set): what "today" and "overdue" mean for them. Stores a name
   * the body schema has already resolved.
   */
  async setTimeZone(userId: string, timeZone: string): Promise<void> {
    await this.dataSource.manager.update(UserEntity, { id: userId }, { timeZone });
  }

  /**
   * The browser's zone at sign-in: saved when Intl knows it, otherwise ignored, so that an odd
   * browser never stops anyone from signing in.
   */
  async timeZoneFromBrowser(userId: string, name: string | undefined): Promise<void> {
    const timeZone = name === undefined ? undefined : resolveTimeZone(name.trim());
    if (timeZone) await this.setTimeZone(userId, timeZone);
  }
}
