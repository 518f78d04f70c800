import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A meeting as the index knows it; only `id` and `version` remain once it is deleted. */
@Entity({ name: 'indexed_meeting' })
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
export class IndexedActionEntity {
  @PrimaryColumn('uuid', { name: 'meeting_id' }) meetingId!: string;
  @PrimaryColumn('uuid') id!: string;
  @Column('text') text!: string;
  @Column('boolean') completed!: boolean;
  @Column('integer') order!: number;
  /** As written in the action, for display. */
  @Column('text', { array: true, default: () => "'{}'" }) hashtags!: string[];
  /** Lower-cased and distinct, for the case-insensitive hashtag filter. */
  @Column('text', { name: 'hashtag_keys', array: true, default: () => "'{}'" })
  hashtagKeys!: string[];
  // The meeting's searchable part, copied so that one table answers every filter.
  @Column('text', { name: 'meeting_title' }) meetingTitle!: string;
  @Column('timestamptz', { name: 'meeting_date' }) meetingDate!: Date;
  @Column('uuid', { name: 'owner_id' }) ownerId!: string;
  @Column('text', { name: 'owner_email' }) ownerEmail!: string;
  @Column('text', { name: 'shared_with', array: true, default: () => "'{}'" })
  sharedWith!: string[];
}

export const indexEntities = [IndexedMeetingEntity, IndexedActionEntity];
