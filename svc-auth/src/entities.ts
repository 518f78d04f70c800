import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  type Relation,
} from 'typeorm';

// The schema: the migrations are generated from these. An index TypeORM cannot express (a
// descending key) is declared with `synchronize: false` and written by hand in the migration.

@Entity({ name: 'app_user' })
export class UserEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('text', { unique: true }) email!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('timestamptz', { name: 'privacy_accepted_at', nullable: true })
  privacyAcceptedAt!: Date | null;
  /** An IANA name as Intl resolves it; services read it from the internal token's `tz` claim. */
  @Column('text', { name: 'time_zone', default: () => "'UTC'" }) timeZone!: string;
}

@Entity({ name: 'login_code' })
@Index('login_code_email_latest', { synchronize: false })
export class LoginCodeEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('text') email!: string;
  @Column('bytea', { name: 'code_hmac' }) codeHmac!: Buffer;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt!: Date;
  @Column('integer', { default: 0 }) attempts!: number;
  @Column('timestamptz', { name: 'consumed_at', nullable: true }) consumedAt!: Date | null;
  @Column('timestamptz', { name: 'superseded_at', nullable: true }) supersededAt!: Date | null;
  @Column('text', { name: 'requested_by_ip', nullable: true }) requestedByIp!: string | null;
}

@Entity({ name: 'session' })
@Index('session_by_user', ['userId'])
export class SessionEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'user_id' }) userId!: string;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'session_user_id_fkey' })
  user!: Relation<UserEntity>;
  @Column('bytea', { name: 'token_hash', unique: true }) tokenHash!: Buffer;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt!: Date;
  @Column('timestamptz', { name: 'revoked_at', nullable: true }) revokedAt!: Date | null;
}

/** Wrong codes in a row for an address (a sign-in clears it): the back-off and the lock read it. */
@Entity({ name: 'sign_in_failure' })
export class SignInFailureEntity {
  @PrimaryColumn('text') email!: string;
  @Column('integer', { name: 'failed_attempts' }) failedAttempts!: number;
  @Column('timestamptz', { name: 'last_failed_at' }) lastFailedAt!: Date;
  @Column('timestamptz', { name: 'locked_at', nullable: true }) lockedAt!: Date | null;
}

/** The rate limiter's store, in rate-limiter-flexible's RateLimiterPostgres layout (it owns the rows). */
@Entity({ name: 'rate_limit' })
export class RateLimitEntity {
  @PrimaryColumn('varchar', { length: 255 }) key!: string;
  @Column('integer', { default: 0 }) points!: number;
  @Column('bigint', { nullable: true }) expire!: string | null;
}

/** Mail settings by address (a user's, or an assignee's who never signed in); none: defaults. */
@Entity({ name: 'mail_setting' })
export class MailSettingEntity {
  /** Lower-cased. */
  @PrimaryColumn('text') email!: string;
  @Column('boolean', { name: 'daily_digest', default: true }) dailyDigest!: boolean;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}

/**
 * One row per address and local day the digest was looked at: the unique key is what makes it
 * one digest a day however many replicas tick. A claim without `done_at` older than the lease is
 * taken over (its replica died mid-send); a failed send that may succeed later removes its claim.
 */
@Entity({ name: 'digest_send' })
export class DigestSendEntity {
  @PrimaryColumn('text') email!: string;
  @PrimaryColumn('date', { name: 'local_date' }) localDate!: string;
  @Column('timestamptz', { name: 'claimed_at' }) claimedAt!: Date;
  @Column('timestamptz', { name: 'done_at', nullable: true }) doneAt!: Date | null;
  /** `sent`, `empty` (nothing due by then) or `rejected` (the mail server refused the address). */
  @Column('text', { nullable: true }) outcome!: string | null;
  @Column('integer', { name: 'action_count', nullable: true }) actionCount!: number | null;
}

export const entities = [
  UserEntity,
  LoginCodeEntity,
  SessionEntity,
  SignInFailureEntity,
  RateLimitEntity,
  MailSettingEntity,
  DigestSendEntity,
];
