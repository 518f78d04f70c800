import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Subjects, type SessionResolution, type SessionRevoked } from '@meetings/contracts';
import { Errors, Outbox, queryRows, SERVICE_CONFIG } from '@meetings/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthEnv } from '../config.js';
import { SigningKeysService } from '../keys/signing-keys.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

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
    await this.dataSource.query(
      `INSERT INTO session (id, user_id, token_hash, expires_at) VALUES ($1, $2, $3, $4)`,
      [
        sessionId,
        userId,
        hashToken(token),
        new Date(Date.now() + this.config.SESSION_TTL_DAYS * DAY_MS),
      ],
    );
    return { token, sessionId, maxAgeSeconds };
  }

  async resolve(token: string): Promise<SessionResolution> {
    const [row] = (await this.dataSource.query(
      `SELECT s.id, s.user_id, u.email FROM session s JOIN app_user u ON u.id = s.user_id
       WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
      [hashToken(token)],
    )) as { id: string; user_id: string; email: string }[];
    if (!row) throw Errors.unauthenticated();
    const internal = await this.keys.sign(
      { sub: row.user_id, email: row.email, sid: row.id },
      this.config.INTERNAL_TOKEN_TTL_SECONDS,
    );
    return {
      user: { id: row.user_id, email: row.email },
      sessionId: row.id,
      internalToken: internal.token,
      internalTokenExpiresAt: internal.expiresAt,
    };
  }

  /** Ends a session everywhere: the row is revoked and every gateway is told to forget it. */
  async revoke(sessionId: string, userId: string): Promise<void> {
    await this.outbox.transaction(async (manager, emit) => {
      const revoked = await queryRows(
        manager,
        `UPDATE session SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id`,
        [sessionId, userId],
      );
      if (revoked.length > 0)
        emit(Subjects.SessionRevoked, { sessionId, userId } satisfies SessionRevoked);
    });
  }
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
