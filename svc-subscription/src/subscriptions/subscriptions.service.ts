import {
  Subjects,
  TRIAL_DAYS,
  type Entitlement,
  type SubscriptionChanged,
  type SubscriptionStatus,
} from '@meetings/contracts';
import { canCreateMeetings, daysRemaining, trialStart } from '@meetings/domain';
import { Errors, Outbox, type Emit } from '@meetings/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SubscriptionEntity as Subscription } from './subscription.entity.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const LOCKED = { mode: 'pessimistic_write' } as const;

/**
 * Plans: a 30-day trial from the first sign-in, then free or paid. Every change of what a user may
 * do is published as `subscription.changed` (through the outbox) so other services drop what they
 * cached.
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  /**
   * Starts the trial on first sight (registration event or first call, whichever comes first), and
   * holds the row for the rest of the transaction.
   */
  async ensure(
    manager: EntityManager,
    emit: Emit,
    userId: string,
    email: string,
    startedAt = new Date(),
  ): Promise<Subscription> {
    const inserted = await manager
      .createQueryBuilder()
      .insert()
      .into(Subscription)
      .values({
        userId,
        email,
        status: 'trial',
        trialStartedAt: startedAt,
        trialExpiresAt: new Date(startedAt.getTime() + TRIAL_DAYS * DAY_MS),
      })
      .orIgnore()
      .returning(['userId'])
      .updateEntity(false)
      .execute();
    const row = await manager.findOneOrFail(Subscription, { where: { userId }, lock: LOCKED });
    if ((inserted.raw as unknown[]).length > 0) emit(Subjects.SubscriptionChanged, changed(row));
    return row;
  }

  async status(userId: string, email: string): Promise<SubscriptionStatus> {
    return toStatus(await this.current(userId, email));
  }

  async entitlement(userId: string, email: string): Promise<Entitlement> {
    const row = await this.current(userId, email);
    const status = toStatus(row);
    return {
      userId,
      status: row.status,
      canCreate: canCreateMeetings(status),
      trialExpiresOn: status.trialExpiresOn,
      version: row.version,
    };
  }

  async acknowledgeTrial(userId: string, email: string): Promise<SubscriptionStatus> {
    return this.outbox.transaction(async (manager, emit) => {
      const row = await this.ensure(manager, emit, userId, email);
      await change(manager, row, { hasSeenTrialNotice: true });
      return toStatus(row);
    });
  }

  async update(
    userId: string,
    email: string,
    status: 'free' | 'paid',
  ): Promise<SubscriptionStatus> {
    return this.outbox.transaction(async (manager, emit) => {
      const row = await this.ensure(manager, emit, userId, email);
      await change(manager, row, { status, lastChangeAt: new Date(), version: row.version + 1 });
      emit(Subjects.SubscriptionChanged, changed(row));
      return toStatus(row);
    });
  }

  /** Support tooling: moves a trial's end (e.g. to extend it, or to end it at once). */
  async setTrialEnd(email: string, trialExpiresOn: Date): Promise<SubscriptionStatus> {
    return this.outbox.transaction(async (manager, emit) => {
      const rows = await manager.find(Subscription, { where: { email }, lock: LOCKED });
      if (rows.length === 0) throw Errors.notFound('No subscription for this e-mail.');
      for (const row of rows) {
        await change(manager, row, {
          trialExpiresAt: trialExpiresOn,
          trialStartedAt: trialStart(trialExpiresOn),
          version: row.version + 1,
        });
        emit(Subjects.SubscriptionChanged, changed(row));
      }
      return toStatus(rows[0]!);
    });
  }

  private async current(userId: string, email: string): Promise<Subscription> {
    const row = await this.dataSource.manager.findOneBy(Subscription, { userId });
    if (row) return row;
    return this.outbox.transaction((manager, emit) => this.ensure(manager, emit, userId, email));
  }
}

/** Writes `changes` to a row this transaction holds, and to the loaded entity. */
async function change(
  manager: EntityManager,
  row: Subscription,
  changes: Partial<Omit<Subscription, 'userId' | 'email'>>,
): Promise<void> {
  Object.assign(row, changes, { updatedAt: new Date() });
  await manager.update(
    Subscription,
    { userId: row.userId },
    { ...changes, updatedAt: row.updatedAt },
  );
}

function toStatus(row: Subscription): SubscriptionStatus {
  return {
    status: row.status,
    trialExpiresOn: row.trialExpiresAt.toISOString(),
    daysRemaining: daysRemaining(row.trialExpiresAt),
    hasSeenTrialNotice: row.hasSeenTrialNotice,
    lastSubscriptionChangeTime: row.lastChangeAt ? row.lastChangeAt.getTime() : 0,
  };
}

function changed(row: Subscription): SubscriptionChanged {
  return {
    userId: row.userId,
    email: row.email,
    status: row.status,
    trialExpiresOn: row.trialExpiresAt.toISOString(),
    version: row.version,
  };
}
