import {
  INTERNAL_TOKEN_ALGORITHM,
  INTERNAL_TOKEN_AUDIENCE,
  INTERNAL_TOKEN_ISSUER,
  InternalTokenClaimsSchema,
} from '@meetings/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { KEY_STORE } from '../tokens.js';
import type { KeyStore } from './key-store.js';

/** The caller of a request, as the gateway vouched for it. */
export interface AuthUser {
  id: string;
  email: string;
  sessionId: string;
}

export const INTERNAL_JWT = 'internal-jwt';

/**
 * Verifies the short-lived token the gateway attaches to each request: ES256 only (so `none` and
 * HMAC tricks fail), signed by a key svc-auth publishes, right issuer and audience, not expired.
 */
@Injectable()
export class InternalTokenStrategy extends PassportStrategy(Strategy, INTERNAL_JWT) {
  constructor(@Inject(KEY_STORE) keyStore: KeyStore) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      algorithms: [INTERNAL_TOKEN_ALGORITHM],
      issuer: INTERNAL_TOKEN_ISSUER,
      audience: INTERNAL_TOKEN_AUDIENCE,
      ignoreExpiration: false,
      jsonWebTokenOptions: { clockTolerance: 5, maxAge: '5m' },
      secretOrKeyProvider: (
        _request: unknown,
        rawJwt: string,
        done: (error: unknown, key?: string | Buffer) => void,
      ) => {
        const kid = headerKid(rawJwt);
        if (!kid) return done(null, undefined);
        keyStore.get(kid).then(
          (key) => done(null, key ? key.export({ type: 'spki', format: 'pem' }) : undefined),
          () => done(null, undefined),
        );
      },
    });
  }

  /** Claims of the wrong shape fail authentication (401), like a bad signature. */
  validate(payload: unknown): AuthUser | false {
    const claims = InternalTokenClaimsSchema.safeParse(payload);
    if (!claims.success) return false;
    return { id: claims.data.sub, email: claims.data.email, sessionId: claims.data.sid };
  }
}

function headerKid(rawJwt: string): string | undefined {
  try {
    const header = JSON.parse(
      Buffer.from(rawJwt.split('.')[0] ?? '', 'base64url').toString('utf8'),
    ) as { kid?: unknown };
    return typeof header.kid === 'string' ? header.kid : undefined;
  } catch {
    return undefined;
  }
}
