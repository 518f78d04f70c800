import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { Headers } from './bus.js';

/**
 * An event written in the same transaction as the change it describes, until the relay has
 * published it (and a week after, then pruned). Every service has this table in its own schema.
 */
@Entity({ name: 'outbox_event' })
@Index('outbox_event_pending', ['seq'], { where: 'published_at IS NULL' })
@Index('outbox_event_published', ['publishedAt'], { where: 'published_at IS NOT NULL' })
export class OutboxEvent {
  /** bigint: pg hands it over as a string. */
  @PrimaryGeneratedColumn('increment', { type: 'bigint' }) seq!: string;
  @Column('uuid', { unique: true }) id!: string;
  @Column('text') subject!: string;
  /** The whole envelope ({ id, subject, occurredAt, data }). */
  @Column('jsonb') body!: object;
  @Column('jsonb', { default: () => "'{}'" }) headers!: Headers;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'published_at', nullable: true }) publishedAt!: Date | null;
  @Column('integer', { default: 0 }) attempts!: number;
  @Column('timestamptz', { name: 'claimed_until', nullable: true }) claimedUntil!: Date | null;
  @Column('text', { name: 'last_error', nullable: true }) lastError!: string | null;
}

/** An incoming event a consumer applied, so that a redelivery is applied once. */
@Entity({ name: 'processed_event' })
@Index('processed_event_age', ['processedAt'])
export class ProcessedEvent {
  @PrimaryColumn('text') consumer!: string;
  @PrimaryColumn('uuid', { name: 'event_id' }) eventId!: string;
  @Column('timestamptz', { name: 'processed_at', default: () => 'now()' }) processedAt!: Date;
}

/** The outbox and inbox tables, part of every service's entities (and so of its migrations). */
export const messagingEntities = [OutboxEvent, ProcessedEvent];
