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
@Index('meeting_previous_occurrence_key', ['previousOccurrenceId'], { unique: true })
@Check('meeting_version_check', 'version > 0')
@Check('meeting_shared_editors_check', 'shared_editors <@ shared_with')
@Check(
  'meeting_duration_check',
  'duration_minutes BETWEEN 15 AND 480 AND duration_minutes % 15 = 0',
)
export class MeetingEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'owner_id' }) ownerId!: string;
  @Column('text', { name: 'owner_email' }) ownerEmail!: string;
  @Column('text') title!: string;
  @Column('timestamptz') date!: Date;
  @Column('text', { default: () => "''" }) notes!: string;
  /**
   * The live notes' Yjs document (its encoded state) when people edited them together; `notes` is
   * the HTML derived from it. Read only where the live notes need it.
   */
  @Column('bytea', { name: 'notes_state', nullable: true, select: false })
  notesState!: Buffer | null;
  @Column('text', { name: 'shared_with', array: true, default: () => "'{}'" })
  sharedWith!: string[];
  /** The shared addresses that may edit too; everyone else shared is a viewer. */
  @Column('text', { name: 'shared_editors', array: true, default: () => "'{}'" })
  sharedEditors!: string[];
  @Column('uuid', { name: 'series_id' }) seriesId!: string;
  /** An RFC 5545 RRULE the series repeats by, or null. */
  @Column('text', { nullable: true }) recurrence!: string | null;
  @Column('integer', { name: 'duration_minutes', default: 30 }) durationMinutes!: number;
  /** The owner's IANA zone when the meeting was made or its rule set: the rule is read in it. */
  @Column('text', { name: 'time_zone', default: 'UTC' }) timeZone!: string;
  /** The meeting this one is the next occurrence of; unique, so each has one next occurrence. */
  @Column('uuid', { name: 'previous_occurrence_id', nullable: true })
  previousOccurrenceId!: string | null;
  /** When the last recap went out: at most one per RECAP_INTERVAL_MINUTES. */
  @Column('timestamptz', { name: 'recap_sent_at', nullable: true }) recapSentAt!: Date | null;
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

/**
 * A user's private calendar feed. The token in its address is an HMAC of `feedKey` under the
 * service's CALENDAR_FEED_SECRET, so the address can be shown again while only its hash is
 * stored: the table alone gives nobody a working address. A reset draws a new key.
 */
@Entity({ name: 'calendar_feed' })
@Index('calendar_feed_token_hash_key', ['tokenHash'], { unique: true })
export class CalendarFeedEntity {
  @PrimaryColumn('uuid', { name: 'user_id' }) userId!: string;
  /** Meetings shared with this address are in the feed (a feed is read without a session). */
  @Column('text', { name: 'user_email' }) userEmail!: string;
  @Column('text', { name: 'feed_key' }) feedKey!: string;
  /** SHA-256 of the token, hex. */
  @Column('text', { name: 'token_hash' }) tokenHash!: string;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}

/** A meeting without its notes (lists and snapshots never need them, and they can be large). */
export type MeetingHead = Omit<MeetingEntity, 'notes'>;

/** An item as the services use it: the entity without its relation and creation time. */
export type AgendaFields = Omit<AgendaItemEntity, 'meeting' | 'createdAt'>;
export type ActionFields = Omit<ActionItemEntity, 'meeting' | 'createdAt'>;
export type ItemFields = AgendaFields;

export const entities = [
  MeetingEntity,
  AgendaItemEntity,
  ActionItemEntity,
  KnownEntitlementEntity,
  CalendarFeedEntity,
];
