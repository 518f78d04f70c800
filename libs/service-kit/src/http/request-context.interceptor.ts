import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { context as traceContext } from '@opentelemetry/api';
import { requestContext } from '../request-context.js';
import { contextOf } from '../telemetry/http.js';

/** Runs each HTTP handler inside its request's context and trace, so what it causes carries both. */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    return new Observable((subscriber) =>
      requestContext.run({ requestId: String(request.id) }, () =>
        traceContext.with(contextOf(request), () => next.handle().subscribe(subscriber)),
      ),
    );
  }
}
