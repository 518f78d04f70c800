import { AsyncLocalStorage } from 'node:async_hooks';
import { context as traceContext } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import { contextOf } from './telemetry/http.js';

export interface RequestContext {
  requestId: string;
}

/** Carries the request id from the HTTP request into the events and calls it causes. */
export const requestContext = new AsyncLocalStorage<RequestContext>();

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

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
