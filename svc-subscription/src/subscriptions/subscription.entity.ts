import type { SubscriptionStatusValue } from '@meetings/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'subscription' })
export class SubscriptionEntity {
  @PrimaryColumn('uuid', { name: 'user_id' }) userId!: string;
  @Column('text') email!: string;
  @Column('text') status!: SubscriptionStatusValue;
  @Column('timestamptz', { name: 'trial_started_at' }) trialStartedAt!: Date;
  @Column('timestamptz', { name: 'trial_expires_at' }) trialExpiresAt!: Date;
  @Column('boolean', { name: 'has_seen_trial_notice' }) hasSeenTrialNotice!: boolean;
  @Column('timestamptz', { name: 'last_change_at', nullable: true }) lastChangeAt!: Date | null;
  @Column('integer') version!: number;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}
