import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, Not } from 'typeorm';
import { UserEntity } from '../entities.js';

@Injectable()
export class PrivacyService {
  constructor(private readonly dataSource: DataSource) {}

  async accept(userId: string): Promise<void> {
    await this.dataSource.manager.update(
      UserEntity,
      { id: userId, privacyAcceptedAt: IsNull() },
      { privacyAcceptedAt: () => 'now()' },
    );
  }

  async hasAccepted(userId: string): Promise<boolean> {
    return this.dataSource.manager.existsBy(UserEntity, {
      id: userId,
      privacyAcceptedAt: Not(IsNull()),
    });
  }
}
