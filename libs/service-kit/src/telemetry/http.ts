import {
  context,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { extractContext } from './tracing.js';

const contexts = new WeakMap<FastifyRequest, { span: Span; context: Context }>();

/**
 * A SERVER span per HTTP request, child of the caller's trace context when it sent one. Handlers
 * run inside it (see contextOf), so their logs, outgoing calls and events carry the trace.
 */
export function traceRequests(app: FastifyInstance, tracer: Tracer): void {
  app.addHook('onRequest', async (request) => {
    const parent = extractContext(request.headers);
    const span = tracer.startSpan(
      `${request.method} ${request.routeOptions.url ?? 'unmatched'}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'url.path': request.url.split('?')[0]!,
          'http.request_id': String(request.id),
        },
      },
      parent,
    );
    contexts.set(request, { span, context: trace.setSpan(parent, span) });
  });
  app.addHook('onResponse', async (request, reply) => {
    const entry = contexts.get(request);
    if (!entry) return;
    entry.span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) entry.span.setStatus({ code: SpanStatusCode.ERROR });
    entry.span.end();
    contexts.delete(request);
  });
}

/** The trace context a request's handler runs in (the active one when not traced). */
export function contextOf(request: FastifyRequest): Context {
  return contexts.get(request)?.context ?? context.active();
}
