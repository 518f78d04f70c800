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
import { VerifiedTokens } from './verified-tokens.js';

/** The caller of a request, as the gateway vouched for it. */
export interface AuthUser {
  id: string;
  email: string;
  sessionId: string;
}

export const INTERNAL_JWT = 'internal-jwt';

const MAX_AGE_SECONDS = 300;
const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

interface Claims {
  exp?: unknown;
  iat?: unknown;
}

/**
 * Verifies the short-lived token the gateway attaches to each request: ES256 only (so `none` and
 * HMAC tricks fail), signed by a key svc-auth publishes, right issuer and audience, not expired.
 *
 * The gateway reuses a session's token for minutes, so a token that passed is remembered until it
 * would expire (at most a minute): the signature check and key parsing were a fifth of a service's
 * CPU per request. Only tokens that passed every check are remembered; anything else is verified.
 */
@Injectable()
export class InternalTokenStrategy extends PassportStrategy(Strategy, INTERNAL_JWT) {
  private readonly verified = new VerifiedTokens<AuthUser>();

  constructor(@Inject(KEY_STORE) keyStore: KeyStore) {
    super({
      jwtFromRequest: bearerToken,
      algorithms: [INTERNAL_TOKEN_ALGORITHM],
      issuer: INTERNAL_TOKEN_ISSUER,
      audience: INTERNAL_TOKEN_AUDIENCE,
      ignoreExpiration: false,
      jsonWebTokenOptions: { clockTolerance: 5, maxAge: `${MAX_AGE_SECONDS}s` },
      passReqToCallback: true,
      secretOrKeyProvider: (
        _request: unknown,
        rawJwt: string,
        done: (error: unknown, key?: string | Buffer) => void,
      ) => {
        const kid = headerKid(rawJwt);
        if (!kid) return done(null, undefined);
        // jsonwebtoken takes the parsed key as it is; a PEM string would be parsed on every call.
        keyStore.get(kid).then(
          (key) => done(null, key as unknown as Buffer | undefined),
          () => done(null, undefined),
        );
      },
    });
  }

  /**
   * The caller of a request whose token passed every check before and has not expired since; the
   * guard asks this first and sends only other tokens through passport.
   */
  remembered(request: unknown): AuthUser | undefined {
    const token = bearerToken(request as never);
    return token ? this.verified.get(token) : undefined;
  }

  /** Claims of the wrong shape fail authentication (401), like a bad signature. */
  validate(request: unknown, payload: unknown): AuthUser | false {
    const claims = InternalTokenClaimsSchema.safeParse(payload);
    if (!claims.success) return false;
    const user = { id: claims.data.sub, email: claims.data.email, sessionId: claims.data.sid };
    const { exp, iat } = payload as Claims;
    const token = bearerToken(request as never);
    if (token && typeof exp === 'number' && typeof iat === 'number') {
      this.verified.remember(token, user, Math.min(exp, iat + MAX_AGE_SECONDS) * 1000);
    }
    return user;
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
