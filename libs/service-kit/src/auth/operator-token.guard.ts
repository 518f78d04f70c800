import { timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Errors } from '../errors/domain-error.js';
import { SERVICE_CONFIG } from '../tokens.js';

/**
 * Operator routes (support tooling, with `@Public()` so no user token is asked): closed unless the
 * service's OPERATOR_TOKEN is set and the caller sends it in x-operator-token.
 */
@Injectable()
export class OperatorTokenGuard implements CanActivate {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: { OPERATOR_TOKEN?: string }) {}

  canActivate(context: ExecutionContext): boolean {
    const expected = this.config.OPERATOR_TOKEN;
    const sent = context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>().headers[
      'x-operator-token'
    ];
    // Compared in constant time so the token cannot be guessed a character at a time.
    if (
      !expected ||
      typeof sent !== 'string' ||
      sent.length !== expected.length ||
      !timingSafeEqual(Buffer.from(sent), Buffer.from(expected))
    ) {
      throw Errors.forbidden();
    }
    return true;
  }
}
