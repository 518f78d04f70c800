import {
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { Errors } from '../errors/domain-error.js';
import { INTERNAL_JWT, InternalTokenStrategy, type AuthUser } from './internal-token.strategy.js';

const PUBLIC_ROUTE = 'meetings:public-route';

/** Opens a route to callers without a token (health, metrics, sign-in). Every other route is guarded. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/**
 * Applied to every route of every service: no token, no entry. A token the strategy verified
 * before (and remembers until it expires) lets the caller in here; any other goes through passport
 * and the strategy's full check. Passport's round for a remembered token (a promise, its request
 * helpers and callbacks) was a measurable part of a read's CPU.
 */
@Injectable()
export class InternalAuthGuard extends AuthGuard(INTERNAL_JWT) {
  constructor(
    private readonly reflector: Reflector,
    private readonly strategy: InternalTokenStrategy,
  ) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<{ user?: AuthUser }>();
    const known = this.strategy.remembered(request);
    if (known) {
      request.user = known;
      return true;
    }
    return super.canActivate(context);
  }

  override handleRequest<TUser = AuthUser>(error: unknown, user: TUser | false): TUser {
    if (error || !user) throw Errors.unauthenticated();
    return user;
  }
}

/** The signed-in caller of a guarded route. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser => {
    const request = context.switchToHttp().getRequest<{ user?: AuthUser }>();
    if (!request.user) throw Errors.unauthenticated();
    return request.user;
  },
);
