import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  AuthErrorCode,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MS,
  ServerMessages,
  Subjects,
  type UserRegistered,
} from '@meetings/contracts';
import { DomainError, Errors, Outbox, queryRows, SERVICE_CONFIG } from '@meetings/service-kit';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import type { AuthEnv } from '../config.js';
import { localSecret } from '../keys/local-secret.js';
import { MailerService } from '../mail/mailer.service.js';

export interface SignedInUser {
  id: string;
  email: string;
}

interface CodeRow {
  id: string;
  code_hmac: Buffer;
  expires_at: Date;
  attempts: number;
}

interface FailureRow {
  failed_attempts: number;
  last_failed_at: Date;
  locked_at: Date | null;
  now: Date;
}

type Verdict =
  { ok: true } | { ok: false; reason: 'invalid' | 'too-many-attempts' | 'locked' | 'wait' };

/** What a code request did: sent a new code, or left the one already sent (still good) in place. */
export type CodeRequestOutcome = 'sent' | 'pending';

/**
 * Seconds an address must wait after its `failures`-th wrong code in a row: nothing within one
 * code's own tries, then doubling (2 s, 4 s, ...) up to `maxSeconds`.
 */
export function backoffSeconds(failures: number, maxSeconds: number): number {
  if (failures <= OTP_MAX_ATTEMPTS) return 0;
  return Math.min(2 ** (failures - OTP_MAX_ATTEMPTS), maxSeconds);
}

/**
 * One-time login codes: six digits from a CSPRNG, valid 10 minutes, only the latest works, single
 * use even under simultaneous submissions (row lock + conditional update), at most 5 wrong tries,
 * stored as an HMAC and compared in constant time. Sending and guessing are rate limited; wrong
 * codes in a row per address bring growing waits and, at OTP_MAX_FAILURES, a lock that only an
 * operator lifts (`node dist/unlock-sign-in.js <email>`). A request past an address's sending
 * quota leaves its pending code alone, so a flood of requests for someone else's address cannot
 * take their code away (docs/adr/0001).
 */
@Injectable()
export class LoginCodesService implements OnModuleInit {
  private hmacKey!: Buffer;
  private limits!: {
    emailPerMinute: RateLimiterPostgres;
    emailPerHour: RateLimiterPostgres;
    ipPerHour: RateLimiterPostgres;
    verifyPerIp: RateLimiterPostgres;
  };

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly mailer: MailerService,
    @Inject(SERVICE_CONFIG) private readonly config: AuthEnv,
  ) {}

  async onModuleInit(): Promise<void> {
    this.hmacKey = Buffer.from(
      this.config.OTP_HMAC_SECRET ??
        (await localSecret(this.config.DATA_DIR, 'otp-hmac-key', () =>
          randomBytes(32).toString('base64url'),
        )),
    );
    const limiter = (keyPrefix: string, points: number, duration: number) =>
      new RateLimiterPostgres({
        storeClient: this.dataSource,
        storeType: 'typeorm',
        tableName: 'rate_limit',
        tableCreated: true,
        keyPrefix,
        points,
        duration,
      });
    this.limits = {
      emailPerMinute: limiter('otp-email-minute', this.config.OTP_EMAIL_PER_MINUTE, 60),
      emailPerHour: limiter('otp-email-hour', this.config.OTP_EMAIL_PER_HOUR, 3600),
      ipPerHour: limiter('otp-ip-hour', this.config.OTP_IP_PER_HOUR, 3600),
      verifyPerIp: limiter('verify-ip', this.config.VERIFY_IP_PER_15_MINUTES, 900),
    };
  }

  /** Sends a code. Every address gets the same answer: accounts are made on first sign-in. */
  async request(email: string, ip: string, productName: string): Promise<CodeRequestOutcome> {
    if (await this.isLocked(email)) throw signInLocked();
    await consume(ServerMessages.tooManyOtpRequests, [this.limits.ipPerHour, ip]);
    try {
      await consume(
        ServerMessages.tooManyOtpRequests,
        [this.limits.emailPerMinute, email],
        [this.limits.emailPerHour, email],
      );
    } catch (error) {
      // The address's quota may be someone else's doing: its owner goes on to enter the code
      // already sent, which stays the one that works.
      if (error instanceof DomainError && error.status === 429 && (await this.hasLiveCode(email)))
        return 'pending';
      throw error;
    }
    const code = randomInt(0, 10 ** OTP_LENGTH)
      .toString()
      .padStart(OTP_LENGTH, '0');
    const id = randomUUID();
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE login_code SET superseded_at = now() WHERE email = $1 AND consumed_at IS NULL AND superseded_at IS NULL`,
        [email],
      );
      await manager.query(
        `INSERT INTO login_code (id, email, code_hmac, expires_at, requested_by_ip) VALUES ($1, $2, $3, $4, $5)`,
        [id, email, this.hmac(email, code), new Date(Date.now() + OTP_TTL_MS), ip],
      );
    });
    try {
      await this.mailer.sendLoginCode({ to: email, code, productName });
    } catch (error) {
      await this.dataSource.query(`UPDATE login_code SET superseded_at = now() WHERE id = $1`, [
        id,
      ]);
      throw Object.assign(Errors.unavailable('We could not send the code. Please try again.'), {
        cause: error,
      });
    }
    return 'sent';
  }

  /** Checks a code and, when right, returns the user (created on first sign-in). */
  async verify(email: string, code: string, ip: string): Promise<SignedInUser> {
    await consume(ServerMessages.rateLimited, [this.limits.verifyPerIp, ip]);
    const verdict = await this.dataSource.transaction(async (manager): Promise<Verdict> => {
      // Every check of an address's code waits on this lock, so its failures are counted in turn.
      const [row] = (await manager.query(
        `SELECT id, code_hmac, expires_at, attempts FROM login_code
         WHERE email = $1 AND consumed_at IS NULL AND superseded_at IS NULL
         ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
        [email],
      )) as CodeRow[];
      const [failures] = (await manager.query(
        `SELECT failed_attempts, last_failed_at, locked_at, now() AS now FROM sign_in_failure WHERE email = $1`,
        [email],
      )) as FailureRow[];
      if (failures?.locked_at) return { ok: false, reason: 'locked' };
      if (failures && this.waitsUntil(failures) > failures.now.getTime())
        return { ok: false, reason: 'wait' };
      if (!row || row.expires_at.getTime() <= Date.now()) return { ok: false, reason: 'invalid' };
      if (row.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: 'too-many-attempts' };
      if (!timingSafeEqual(this.hmac(email, code), row.code_hmac)) {
        await manager.query(`UPDATE login_code SET attempts = attempts + 1 WHERE id = $1`, [
          row.id,
        ]);
        const [counted] = await queryRows<{ locked: boolean }>(
          manager,
          `INSERT INTO sign_in_failure AS f (email, failed_attempts, last_failed_at, locked_at)
           VALUES ($1, 1, now(), CASE WHEN $2::int <= 1 THEN now() END)
           ON CONFLICT (email) DO UPDATE SET
             failed_attempts = f.failed_attempts + 1,
             last_failed_at = now(),
             locked_at = CASE WHEN f.failed_attempts + 1 >= $2::int THEN now() END
           RETURNING locked_at IS NOT NULL AS locked`,
          [email, this.config.OTP_MAX_FAILURES],
        );
        if (counted!.locked) return { ok: false, reason: 'locked' };
        return {
          ok: false,
          reason: row.attempts + 1 >= OTP_MAX_ATTEMPTS ? 'too-many-attempts' : 'invalid',
        };
      }
      const consumed = await queryRows(
        manager,
        `UPDATE login_code SET consumed_at = now() WHERE id = $1 AND consumed_at IS NULL RETURNING id`,
        [row.id],
      );
      if (consumed.length !== 1) return { ok: false, reason: 'invalid' };
      await manager.query(`DELETE FROM sign_in_failure WHERE email = $1`, [email]);
      return { ok: true };
    });
    if (!verdict.ok) throw refusal(verdict.reason);
    return this.findOrCreateUser(email);
  }

  /** Lifts an address's lock and forgets its wrong codes (the operator's step after a lock). */
  async unlock(email: string): Promise<boolean> {
    const removed = await queryRows(
      this.dataSource,
      `DELETE FROM sign_in_failure WHERE email = $1 RETURNING email`,
      [email],
    );
    return removed.length > 0;
  }

  private waitsUntil(failures: FailureRow): number {
    const seconds = backoffSeconds(failures.failed_attempts, this.config.OTP_BACKOFF_MAX_SECONDS);
    return failures.last_failed_at.getTime() + seconds * 1000;
  }

  private async isLocked(email: string): Promise<boolean> {
    const rows = await queryRows(
      this.dataSource,
      `SELECT 1 FROM sign_in_failure WHERE email = $1 AND locked_at IS NOT NULL`,
      [email],
    );
    return rows.length > 0;
  }

  /** Whether the address has a code that would still sign it in (not expired, used, replaced or dead). */
  private async hasLiveCode(email: string): Promise<boolean> {
    const rows = await queryRows(
      this.dataSource,
      `SELECT 1 FROM login_code
       WHERE email = $1 AND consumed_at IS NULL AND superseded_at IS NULL
         AND expires_at > now() AND attempts < $2
       LIMIT 1`,
      [email, OTP_MAX_ATTEMPTS],
    );
    return rows.length > 0;
  }

  private async findOrCreateUser(email: string): Promise<SignedInUser> {
    return this.outbox.transaction(async (manager, emit) => {
      const inserted = (await manager.query(
        `INSERT INTO app_user (id, email) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING RETURNING id, email, created_at`,
        [randomUUID(), email],
      )) as { id: string; email: string; created_at: Date }[];
      if (inserted[0]) {
        const registered: UserRegistered = {
          userId: inserted[0].id,
          email,
          registeredAt: inserted[0].created_at.toISOString(),
        };
        emit(Subjects.UserRegistered, registered);
        return { id: inserted[0].id, email };
      }
      const [existing] = (await manager.query(`SELECT id, email FROM app_user WHERE email = $1`, [
        email,
      ])) as SignedInUser[];
      return existing!;
    });
  }

  private hmac(email: string, code: string): Buffer {
    return createHmac('sha256', this.hmacKey).update(`${email}\n${code}`).digest();
  }
}

async function consume(message: string, ...checks: [RateLimiterPostgres, string][]): Promise<void> {
  for (const [limiter, key] of checks) {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        throw new DomainError(429, AuthErrorCode.TooManyRequests, message);
      }
      throw error;
    }
  }
}

function signInLocked(): DomainError {
  return new DomainError(403, AuthErrorCode.SignInLocked, ServerMessages.signInLocked);
}

function refusal(reason: Exclude<Verdict, { ok: true }>['reason']): DomainError {
  switch (reason) {
    case 'locked':
      return signInLocked();
    case 'wait':
      return new DomainError(429, AuthErrorCode.WrongCodeWait, ServerMessages.wrongCodeWait);
    case 'too-many-attempts':
      return new DomainError(401, AuthErrorCode.TooManyAttempts, ServerMessages.tooManyAttempts);
    case 'invalid':
      return new DomainError(401, AuthErrorCode.InvalidCode, ServerMessages.invalidCode);
  }
}
