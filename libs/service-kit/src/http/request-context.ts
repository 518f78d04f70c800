import { context as traceContext } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import { requestContext } from '../request-context.js';
import { contextOf } from '../telemetry/http.js';

/**
 * Runs each HTTP handler inside its request's context and trace, so what it causes (events, calls)
 * carries both. A hook just before the handler (the body is parsed by then), not a Nest
 * interceptor, which would put every handler through rxjs observables.
 */
export function runHandlersInRequestContext(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    requestContext.run({ requestId: String(request.id) }, () =>
      traceContext.with(contextOf(request), done),
    );
  });
}
