import {
  DEFAULT_TIME_ZONE,
  INTERNAL_TOKEN_ALGORITHM,
  INTERNAL_TOKEN_AUDIENCE,
  INTERNAL_TOKEN_ISSUER,
  InternalTokenClaimsSchema,
} from '@meetings/contracts';
import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { jwtVerify } from 'jose';
import { Errors } from '../errors/domain-error.js';
import { KEY_STORE } from '../tokens.js';
import type { KeyStore } from './key-store.js';

/** The caller of a request, as the gateway vouched for it. */
export interface AuthUser {
  id: string;
  email: string;
  sessionId: string;
  /** The user's IANA time zone, UTC until they set one. */
  timeZone: string;
  /** The verified token itself, for calls to other services made on the caller's behalf. */
  token: string;
}

const PUBLIC_ROUTE = 'meetings:public-route';
const MAX_AGE_SECONDS = 300;
const BEARER = /^Bearer +(\S+)$/i;

/** Opens a route to callers without a token (health, metrics, sign-in). Every other route is guarded. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/**
 * Applied to every HTTP route of every service: no valid token, no entry. Every request's token is
 * verified in full by jose: ES256 only (so `none` and HMAC tricks fail), signed by a key svc-auth
 * publishes, right issuer and audience, not expired nor older than five minutes, claims of the
 * right shape. Bus handlers are not HTTP routes: services reach them, users do not.
 */
@Injectable()
export class InternalAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(KEY_STORE) private readonly keys: KeyStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<{
      headers: Record<string, string | string[] | undefined>;
      user?: AuthUser;
    }>();
    request.user = await verifyInternalToken(this.keys, request.headers.authorization);
    return true;
  }
}

/**
 * The caller an `authorization: Bearer <internal token>` header vouches for, checked as every
 * guarded route checks it (also for connections that are not HTTP routes: live notes).
 */
export async function verifyInternalToken(
  keys: KeyStore,
  authorization: string | string[] | undefined,
): Promise<AuthUser> {
  const token = typeof authorization === 'string' ? BEARER.exec(authorization)?.[1] : undefined;
  if (!token) throw Errors.unauthenticated();
  const verified = await jwtVerify(token, keys, {
    algorithms: [INTERNAL_TOKEN_ALGORITHM],
    issuer: INTERNAL_TOKEN_ISSUER,
    audience: INTERNAL_TOKEN_AUDIENCE,
    clockTolerance: 5,
    maxTokenAge: MAX_AGE_SECONDS,
  }).catch(() => undefined);
  const claims = InternalTokenClaimsSchema.safeParse(verified?.payload);
  if (!claims.success) throw Errors.unauthenticated();
  return {
    id: claims.data.sub,
    // Compared with owners and shared-with lists, which hold addresses as sign-in stores them.
    email: claims.data.email.trim().toLowerCase(),
    sessionId: claims.data.sid,
    timeZone: claims.data.tz ?? DEFAULT_TIME_ZONE,
    token,
  };
}

/** The signed-in caller of a guarded route. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser => {
    const request = context.switchToHttp().getRequest<{ user?: AuthUser }>();
    if (!request.user) throw Errors.unauthenticated();
    return request.user;
  },
);
