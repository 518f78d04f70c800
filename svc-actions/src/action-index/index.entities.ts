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

// The schema: the migrations are generated from these. Indexes TypeORM cannot express (GIN over
// expressions and trigrams, descending keys, INCLUDE) are declared with `synchronize: false` and
// written by hand in the migration, where their reasons are.

/** A meeting as the index knows it; only `id` and `version` remain once it is deleted. */
@Entity({ name: 'indexed_meeting' })
@Check(
  'indexed_meeting_live_has_content',
  `deleted_at IS NOT NULL OR (title IS NOT NULL AND date IS NOT NULL AND owner_id IS NOT NULL AND owner_email IS NOT NULL)`,
)
export class IndexedMeetingEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('integer') version!: number;
  @Column('text', { nullable: true }) title!: string | null;
  @Column('timestamptz', { nullable: true }) date!: Date | null;
  @Column('uuid', { name: 'owner_id', nullable: true }) ownerId!: string | null;
  @Column('text', { name: 'owner_email', nullable: true }) ownerEmail!: string | null;
  /** Lower-cased, so the caller's e-mail matches whatever case it was shared with. */
  @Column('text', { name: 'shared_with', array: true, default: () => "'{}'" })
  sharedWith!: string[];
  @Column('timestamptz', { name: 'deleted_at', nullable: true }) deletedAt!: Date | null;
  @Column('timestamptz', { name: 'indexed_at', default: () => 'now()' }) indexedAt!: Date;
}

@Entity({ name: 'indexed_action' })
@Index('indexed_action_readers_text', { synchronize: false })
@Index('indexed_action_readers_title', { synchronize: false })
@Index('indexed_action_readers_hashtags', { synchronize: false })
// "Assigned to me", with or without a due filter or the sort by due date, starts here.
@Index('indexed_action_assignee_due', ['assignee', 'dueDate'])
export class IndexedActionEntity {
  @PrimaryColumn('uuid', { name: 'meeting_id' }) meetingId!: string;
  @ManyToOne(() => IndexedMeetingEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'meeting_id', foreignKeyConstraintName: 'indexed_action_meeting_id_fkey' })
  meeting!: Relation<IndexedMeetingEntity>;
  @PrimaryColumn('uuid') id!: string;
  @Column('text') text!: string;
  @Column('boolean') completed!: boolean;
  @Column('integer') order!: number;
  /** As written in the action, for display. */
  @Column('text', { array: true, default: () => "'{}'" }) hashtags!: string[];
  /** Lower-cased and distinct, for the case-insensitive hashtag filter. */
  @Column('text', { name: 'hashtag_keys', array: true, default: () => "'{}'" })
  hashtagKeys!: string[];
  /** A lower-cased e-mail. */
  @Column('text', { nullable: true }) assignee!: string | null;
  @Column('date', { name: 'due_date', nullable: true }) dueDate!: string | null;
  // The meeting's searchable part, copied so that one table answers every filter.
  @Column('text', { name: 'meeting_title' }) meetingTitle!: string;
  @Column('timestamptz', { name: 'meeting_date' }) meetingDate!: Date;
  @Column('uuid', { name: 'owner_id' }) ownerId!: string;
  @Column('text', { name: 'owner_email' }) ownerEmail!: string;
  @Column('text', { name: 'shared_with', array: true, default: () => "'{}'" })
  sharedWith!: string[];
}

/**
 * One row per meeting and reader (its owner's id, each e-mail it is shared with), indexed in the
 * actions list's order, so the list walks the caller's meetings newest first and stops at a page.
 */
@Entity({ name: 'meeting_reader' })
@Index('meeting_reader_newest_first', { synchronize: false })
export class MeetingReaderEntity {
  @PrimaryColumn('uuid', { name: 'meeting_id' }) meetingId!: string;
  @ManyToOne(() => IndexedMeetingEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'meeting_id', foreignKeyConstraintName: 'meeting_reader_meeting_id_fkey' })
  meeting!: Relation<IndexedMeetingEntity>;
  @PrimaryColumn('text') reader!: string;
  @Column('timestamptz', { name: 'meeting_date' }) meetingDate!: Date;
  @Column('uuid', { name: 'owner_id' }) ownerId!: string;
}

export const indexEntities = [IndexedMeetingEntity, IndexedActionEntity, MeetingReaderEntity];
