import { resolveTimeZone } from '@meetings/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UserEntity } from '../entities.js';

/** Each user's time zone (UTC until set): what "today" and "overdue" mean for them. */
@Injectable()
export class TimeZoneService {
  constructor(private readonly dataSource: DataSource) {}

  /** Stores a name the body schema has already resolved. */
  async set(userId: string, timeZone: string): Promise<void> {
    await this.dataSource.manager.update(UserEntity, { id: userId }, { timeZone });
  }

  /**
   * The browser's zone at sign-in: saved when Intl knows it, otherwise ignored, so that an odd
   * browser never stops anyone from signing in.
   */
  async fromBrowser(userId: string, name: string | undefined): Promise<void> {
    const timeZone = name === undefined ? undefined : resolveTimeZone(name.trim());
    if (timeZone) await this.set(userId, timeZone);
  }
}
