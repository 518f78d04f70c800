import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
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
import { storedSecret } from '../keys/app-secrets.js';
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

type Verdict = { ok: true } | { ok: false; reason: 'invalid' | 'too-many-attempts' };

/**
 * One-time login codes: six digits from a CSPRNG, valid 10 minutes, only the latest works, single
 * use even under simultaneous submissions (row lock + conditional update), at most 5 wrong tries,
 * stored as an HMAC and compared in constant time. Sending and guessing are rate limited.
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
      this.config.OTP_HMAC_SECRET ?? (await storedSecret(this.dataSource, 'otp-hmac')),
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
  async request(email: string, ip: string, productName: string): Promise<void> {
    await consume(
      ServerMessages.tooManyOtpRequests,
      [this.limits.ipPerHour, ip],
      [this.limits.emailPerMinute, email],
      [this.limits.emailPerHour, email],
    );
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
  }

  /** Checks a code and, when right, returns the user (created on first sign-in). */
  async verify(email: string, code: string, ip: string): Promise<SignedInUser> {
    await consume(ServerMessages.rateLimited, [this.limits.verifyPerIp, ip]);
    const verdict = await this.dataSource.transaction(async (manager): Promise<Verdict> => {
      const [row] = (await manager.query(
        `SELECT id, code_hmac, expires_at, attempts FROM login_code
         WHERE email = $1 AND consumed_at IS NULL AND superseded_at IS NULL
         ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
        [email],
      )) as CodeRow[];
      if (!row || row.expires_at.getTime() <= Date.now()) return { ok: false, reason: 'invalid' };
      if (row.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: 'too-many-attempts' };
      if (!timingSafeEqual(this.hmac(email, code), row.code_hmac)) {
        await manager.query(`UPDATE login_code SET attempts = attempts + 1 WHERE id = $1`, [
          row.id,
        ]);
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
      return consumed.length === 1 ? { ok: true } : { ok: false, reason: 'invalid' };
    });
    if (!verdict.ok) {
      throw verdict.reason === 'too-many-attempts'
        ? new DomainError(401, AuthErrorCode.TooManyAttempts, ServerMessages.tooManyAttempts)
        : new DomainError(401, AuthErrorCode.InvalidCode, ServerMessages.invalidCode);
    }
    return this.findOrCreateUser(email);
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
