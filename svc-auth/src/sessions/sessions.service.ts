import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Subjects, type SessionResolution, type SessionRevoked } from '@meetings/contracts';
import { Errors, Outbox, SERVICE_CONFIG } from '@meetings/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull, Raw } from 'typeorm';
import { SessionEntity } from '../entities.js';
import type { AuthEnv } from '../config.js';
import { SigningKeysService } from '../keys/signing-keys.service.js';

export interface NewSession {
  token: string;
  sessionId: string;
  maxAgeSeconds: number;
}

/**
 * Sessions are opaque random tokens (256 bits) that the browser holds in a cookie (or sends as a
 * bearer token); only their SHA-256 is stored. The gateway trades a token for a short-lived
 * internal token on each request, so a revoked session stops working at once.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly keys: SigningKeysService,
    @Inject(SERVICE_CONFIG) private readonly config: AuthEnv,
  ) {}

  async create(userId: string): Promise<NewSession> {
    const token = randomBytes(32).toString('base64url');
    const sessionId = randomUUID();
    const maxAgeSeconds = this.config.SESSION_TTL_DAYS * 24 * 60 * 60;
    await this.dataSource.manager.insert(SessionEntity, {
      id: sessionId,
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + maxAgeSeconds * 1000),
    });
    return { token, sessionId, maxAgeSeconds };
  }

  async resolve(token: string): Promise<SessionResolution> {
    const session = await this.dataSource.manager.findOne(SessionEntity, {
      select: { id: true, userId: true, user: { email: true, timeZone: true } },
      relations: { user: true },
      where: {
        tokenHash: hashToken(token),
        revokedAt: IsNull(),
        expiresAt: Raw((column) => `${column} > now()`),
      },
    });
    if (!session) throw Errors.unauthenticated();
    const internal = await this.keys.sign({
      sub: session.userId,
      email: session.user.email,
      sid: session.id,
      tz: session.user.timeZone,
    });
    return {
      user: { id: session.userId, email: session.user.email },
      sessionId: session.id,
      internalToken: internal.token,
      internalTokenExpiresAt: internal.expiresAt,
    };
  }

  /** Ends a session everywhere: the row is revoked and every gateway is told to forget it. */
  async revoke(sessionId: string, userId: string): Promise<void> {
    await this.outbox.transaction(async (manager, emit) => {
      const revoked = await manager.update(
        SessionEntity,
        { id: sessionId, userId, revokedAt: IsNull() },
        { revokedAt: () => 'now()' },
      );
      if (revoked.affected)
        emit(Subjects.SessionRevoked, { sessionId, userId } satisfies SessionRevoked);
    });
  }
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
