import type { Entitlement } from '@meetings/contracts';
import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  type Relation,
} from 'typeorm';

// The schema: the migrations are generated from these. Indexes TypeORM cannot express (descending
// keys, expressions, GIN) are declared with `synchronize: false` and written by hand in the
// migration.

@Entity({ name: 'meeting' })
@Index('meeting_owner_date_idx', { synchronize: false })
@Index('meeting_shared_with_idx', { synchronize: false })
@Index('meeting_series_date_idx', { synchronize: false })
@Index('meeting_owner_title_date_idx', { synchronize: false })
@Check('meeting_version_check', 'version > 0')
export class MeetingEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'owner_id' }) ownerId!: string;
  @Column('text', { name: 'owner_email' }) ownerEmail!: string;
  @Column('text') title!: string;
  @Column('timestamptz') date!: Date;
  @Column('text', { default: () => "''" }) notes!: string;
  @Column('text', { name: 'shared_with', array: true, default: () => "'{}'" })
  sharedWith!: string[];
  @Column('uuid', { name: 'series_id' }) seriesId!: string;
  @Column('integer', { default: 1 }) version!: number;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}

@Entity({ name: 'agenda_item' })
@Index('agenda_item_meeting_idx', ['meetingId', 'position'])
export class AgendaItemEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'meeting_id' }) meetingId!: string;
  @ManyToOne(() => MeetingEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'meeting_id', foreignKeyConstraintName: 'agenda_item_meeting_id_fkey' })
  meeting!: Relation<MeetingEntity>;
  @Column('text') text!: string;
  @Column('boolean', { default: false }) completed!: boolean;
  @Column('integer') position!: number;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}

@Entity({ name: 'action_item' })
@Index('action_item_meeting_idx', ['meetingId', 'position'])
export class ActionItemEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'meeting_id' }) meetingId!: string;
  @ManyToOne(() => MeetingEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'meeting_id', foreignKeyConstraintName: 'action_item_meeting_id_fkey' })
  meeting!: Relation<MeetingEntity>;
  @Column('text') text!: string;
  @Column('boolean', { default: false }) completed!: boolean;
  @Column('integer') position!: number;
  @Column('text', { array: true, default: () => "'{}'" }) hashtags!: string[];
  /** A lower-cased e-mail. */
  @Column('text', { nullable: true }) assignee!: string | null;
  /** A day without a time zone (TypeORM reads it as `YYYY-MM-DD` text). */
  @Column('date', { name: 'due_date', nullable: true }) dueDate!: string | null;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}

/** The last entitlement svc-subscription gave per user: the fallback while it cannot be asked. */
@Entity({ name: 'known_entitlement' })
export class KnownEntitlementEntity {
  @PrimaryColumn('uuid', { name: 'user_id' }) userId!: string;
  @Column('text') status!: Entitlement['status'];
  @Column('boolean', { name: 'can_create' }) canCreate!: boolean;
  @Column('timestamptz', { name: 'trial_expires_on' }) trialExpiresOn!: Date;
  @Column('integer') version!: number;
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}

/** A meeting without its notes (lists and snapshots never need them, and they can be large). */
export type MeetingHead = Omit<MeetingEntity, 'notes'>;

/** An item as the services use it: the entity without its relation and creation time. */
export type AgendaFields = Omit<AgendaItemEntity, 'meeting' | 'createdAt'>;
export type ActionFields = Omit<ActionItemEntity, 'meeting' | 'createdAt'>;
export type ItemFields = AgendaFields;

export const entities = [MeetingEntity, AgendaItemEntity, ActionItemEntity, KnownEntitlementEntity];
