import type { SubscriptionStatusValue } from '@meetings/contracts';
import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'subscription' })
@Check('subscription_status', `"status" IN ('trial', 'paid', 'free')`)
export class SubscriptionEntity {
  @PrimaryColumn('uuid', { name: 'user_id' }) userId!: string;
  @Column('text') email!: string;
  @Column('text') status!: SubscriptionStatusValue;
  @Column('timestamptz', { name: 'trial_started_at' }) trialStartedAt!: Date;
  @Column('timestamptz', { name: 'trial_expires_at' }) trialExpiresAt!: Date;
  @Column('boolean', { name: 'has_seen_trial_notice', default: false })
  hasSeenTrialNotice!: boolean;
  @Column('timestamptz', { name: 'last_change_at', nullable: true }) lastChangeAt!: Date | null;
  @Column('integer', { default: 1 }) version!: number;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
