import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  AuthErrorCode,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MS,
  ServerMessages,
  Subjects,
  type UserRef,
  type UserRegistered,
  ValidationMessages,
} from '@meetings/contracts';
import { DomainError, Errors, Outbox, SERVICE_CONFIG } from '@meetings/service-kit';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { DataSource, IsNull, LessThan, Not, Raw } from 'typeorm';
import {
  LoginCodeEntity as LoginCode,
  SignInFailureEntity as SignInFailure,
  UserEntity as User,
} from '../entities.js';
import type { AuthEnv } from '../config.js';
import { otpHmacSecret } from '../keys/local-secret.js';
import { MailerService, MailRejectedError } from '../mail/mailer.service.js';

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
    this.hmacKey = Buffer.from(await otpHmacSecret(this.config));
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
      await manager.update(
        LoginCode,
        { email, consumedAt: IsNull(), supersededAt: IsNull() },
        { supersededAt: () => 'now()' },
      );
      await manager.insert(LoginCode, {
        id,
        email,
        codeHmac: this.hmac(email, code),
        expiresAt: new Date(Date.now() + OTP_TTL_MS),
        requestedByIp: ip,
      });
    });
    try {
      await this.mailer.sendLoginCode(email, code, productName);
    } catch (error) {
      await this.dataSource.manager.update(LoginCode, { id }, { supersededAt: () => 'now()' });
      // The mail server refusing this recipient for good is the address's fault, not an outage.
      if (error instanceof MailRejectedError)
        throw Errors.validation(ValidationMessages.emailInvalid, 'email');
      throw Object.assign(Errors.unavailable('We could not send the code. Please try again.'), {
        cause: error,
      });
    }
    return 'sent';
  }

  /** Checks a code and, when right, returns the user (created on first sign-in). */
  async verify(email: string, code: string, ip: string): Promise<UserRef> {
    await consume(ServerMessages.rateLimited, [this.limits.verifyPerIp, ip]);
    const verdict = await this.dataSource.transaction(async (manager): Promise<Verdict> => {
      // Every check of an address's code waits on this lock, so its failures are counted in turn.
      const row = await manager.findOne(LoginCode, {
        where: { email, consumedAt: IsNull(), supersededAt: IsNull() },
        order: { createdAt: 'DESC' },
        lock: { mode: 'pessimistic_write' },
      });
      const failures = await manager.findOneBy(SignInFailure, { email });
      if (failures?.lockedAt) return { ok: false, reason: 'locked' };
      if (failures && this.waitsUntil(failures) > Date.now()) return { ok: false, reason: 'wait' };
      if (!row || row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'invalid' };
      if (row.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: 'too-many-attempts' };
      if (!timingSafeEqual(this.hmac(email, code), row.codeHmac)) {
        await manager.increment(LoginCode, { id: row.id }, 'attempts', 1);
        const failedAttempts = (failures?.failedAttempts ?? 0) + 1;
        const now = new Date();
        const locked = failedAttempts >= this.config.OTP_MAX_FAILURES;
        await manager.upsert(
          SignInFailure,
          { email, failedAttempts, lastFailedAt: now, lockedAt: locked ? now : null },
          ['email'],
        );
        if (locked) return { ok: false, reason: 'locked' };
        return {
          ok: false,
          reason: row.attempts + 1 >= OTP_MAX_ATTEMPTS ? 'too-many-attempts' : 'invalid',
        };
      }
      const consumed = await manager.update(
        LoginCode,
        { id: row.id, consumedAt: IsNull() },
        { consumedAt: () => 'now()' },
      );
      if (consumed.affected !== 1) return { ok: false, reason: 'invalid' };
      await manager.delete(SignInFailure, { email });
      return { ok: true };
    });
    if (!verdict.ok) throw refusal(verdict.reason);
    return this.findOrCreateUser(email);
  }

  /** Lifts an address's lock and forgets its wrong codes (the operator's step after a lock). */
  async unlock(email: string): Promise<boolean> {
    const removed = await this.dataSource.manager.delete(SignInFailure, { email });
    return !!removed.affected;
  }

  private waitsUntil(failures: SignInFailure): number {
    const seconds = backoffSeconds(failures.failedAttempts, this.config.OTP_BACKOFF_MAX_SECONDS);
    return failures.lastFailedAt.getTime() + seconds * 1000;
  }

  private async isLocked(email: string): Promise<boolean> {
    return this.dataSource.manager.existsBy(SignInFailure, { email, lockedAt: Not(IsNull()) });
  }

  /** Whether the address has a code that would still sign it in (not expired, used, replaced or dead). */
  private async hasLiveCode(email: string): Promise<boolean> {
    return this.dataSource.manager.existsBy(LoginCode, {
      email,
      consumedAt: IsNull(),
      supersededAt: IsNull(),
      expiresAt: Raw((column) => `${column} > now()`),
      attempts: LessThan(OTP_MAX_ATTEMPTS),
    });
  }

  private async findOrCreateUser(email: string): Promise<UserRef> {
    return this.outbox.transaction(async (manager, emit) => {
      const id = randomUUID();
      await manager
        .createQueryBuilder()
        .insert()
        .into(User)
        .values({ id, email })
        .orIgnore()
        .updateEntity(false)
        .execute();
      const user = await manager.findOneByOrFail(User, { email });
      if (user.id === id) {
        const registered: UserRegistered = {
          userId: id,
          email,
          registeredAt: user.createdAt.toISOString(),
        };
        emit(Subjects.UserRegistered, registered);
      }
      return { id: user.id, email: user.email };
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
