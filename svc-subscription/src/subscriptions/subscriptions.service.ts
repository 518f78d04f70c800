import {
  Subjects,
  TRIAL_DAYS,
  type Entitlement,
  type SubscriptionChanged,
  type SubscriptionStatus,
  type SubscriptionStatusValue,
} from '@meetings/contracts';
import { canCreateMeetings, daysRemaining } from '@meetings/domain';
import { Errors, Outbox, queryRows, type Emit } from '@meetings/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Row {
  user_id: string;
  email: string;
  status: SubscriptionStatusValue;
  trial_started_at: Date;
  trial_expires_at: Date;
  has_seen_trial_notice: boolean;
  last_change_at: Date | null;
  version: number;
}

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

  /** Starts the trial on first sight (registration event or first call, whichever comes first). */
  async ensure(
    manager: EntityManager,
    emit: Emit,
    userId: string,
    email: string,
    startedAt = new Date(),
  ): Promise<Row> {
    const inserted = await queryRows<Row>(
      manager,
      `INSERT INTO subscription (user_id, email, status, trial_started_at, trial_expires_at)
       VALUES ($1, $2, 'trial', $3, $4) ON CONFLICT (user_id) DO NOTHING RETURNING *`,
      [userId, email, startedAt, new Date(startedAt.getTime() + TRIAL_DAYS * DAY_MS)],
    );
    if (inserted[0]) {
      emit(Subjects.SubscriptionChanged, changed(inserted[0]));
      return inserted[0];
    }
    const [existing] = await queryRows<Row>(
      manager,
      `SELECT * FROM subscription WHERE user_id = $1`,
      [userId],
    );
    return existing!;
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
      await this.ensure(manager, emit, userId, email);
      const [row] = await queryRows<Row>(
        manager,
        `UPDATE subscription SET has_seen_trial_notice = true, updated_at = now() WHERE user_id = $1 RETURNING *`,
        [userId],
      );
      return toStatus(row!);
    });
  }

  async update(
    userId: string,
    email: string,
    status: 'free' | 'paid',
  ): Promise<SubscriptionStatus> {
    return this.outbox.transaction(async (manager, emit) => {
      await this.ensure(manager, emit, userId, email);
      const [row] = await queryRows<Row>(
        manager,
        `UPDATE subscription SET status = $2, last_change_at = now(), version = version + 1, updated_at = now()
         WHERE user_id = $1 RETURNING *`,
        [userId, status],
      );
      emit(Subjects.SubscriptionChanged, changed(row!));
      return toStatus(row!);
    });
  }

  /** Support tooling: moves a trial's end (e.g. to extend it, or to end it at once). */
  async setTrialEnd(email: string, trialExpiresOn: Date): Promise<SubscriptionStatus> {
    return this.outbox.transaction(async (manager, emit) => {
      const [row] = await queryRows<Row>(
        manager,
        `UPDATE subscription SET trial_expires_at = $2, trial_started_at = $3, version = version + 1, updated_at = now()
         WHERE email = $1 RETURNING *`,
        [email, trialExpiresOn, new Date(trialExpiresOn.getTime() - TRIAL_DAYS * DAY_MS)],
      );
      if (!row) throw Errors.notFound('No subscription for this e-mail.');
      emit(Subjects.SubscriptionChanged, changed(row));
      return toStatus(row);
    });
  }

  private async current(userId: string, email: string): Promise<Row> {
    const [row] = await queryRows<Row>(
      this.dataSource,
      `SELECT * FROM subscription WHERE user_id = $1`,
      [userId],
    );
    if (row) return row;
    return this.outbox.transaction((manager, emit) => this.ensure(manager, emit, userId, email));
  }
}

function toStatus(row: Row): SubscriptionStatus {
  return {
    status: row.status,
    trialExpiresOn: row.trial_expires_at.toISOString(),
    daysRemaining: daysRemaining(row.trial_expires_at),
    hasSeenTrialNotice: row.has_seen_trial_notice,
    lastSubscriptionChangeTime: row.last_change_at ? row.last_change_at.getTime() : 0,
  };
}

function changed(row: Row): SubscriptionChanged {
  return {
    userId: row.user_id,
    email: row.email,
    status: row.status,
    trialExpiresOn: row.trial_expires_at.toISOString(),
    version: row.version,
  };
}
