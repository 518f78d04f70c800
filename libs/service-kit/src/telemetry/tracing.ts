import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { errorMessage } from '../errors/domain-error.js';

/**
 * Tracing at the platform's seams, without monkey-patching: HTTP in (gateway and services), the
 * gateway's call upstream, the outbox relay's publish, event consumption and calls between services. W3C
 * trace context travels in HTTP headers and in NATS message headers (and so through the outbox),
 * so one request's trace shows the gateway, the service and every consumer of its events.
 */
export interface Telemetry {
  readonly tracer: Tracer;
  shutdown(): Promise<void>;
}

let contextInstalled = false;

/** One context manager and propagator per process (several services may share the process). */
function installContext(): void {
  if (contextInstalled) return;
  contextInstalled = true;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
}

export interface TelemetryOptions {
  /** Where spans go: an OTLP/HTTP collector (OTEL_EXPORTER_OTLP_ENDPOINT) or a test exporter. */
  otlpEndpoint?: string;
  exporter?: SpanExporter;
}

/** Spans are recorded only when they have somewhere to go; otherwise the tracer is a no-op. */
export function createTelemetry(service: string, options: TelemetryOptions): Telemetry {
  installContext();
  const exporter =
    options.exporter ??
    (options.otlpEndpoint
      ? new OTLPTraceExporter({ url: `${options.otlpEndpoint.replace(/\/$/, '')}/v1/traces` })
      : undefined);
  if (!exporter) {
    return { tracer: trace.getTracer('noop'), shutdown: async () => undefined };
  }
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': service }),
    // Tests read spans at once; a collector gets them in batches.
    spanProcessors: [
      options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter),
    ],
  });
  return {
    tracer: provider.getTracer(service),
    shutdown: () => provider.shutdown(),
  };
}

type Carrier = Record<string, string | string[] | undefined>;

/** The trace context found in incoming headers (HTTP or message), or a fresh root. */
export function extractContext(headers: Carrier): Context {
  return propagation.extract(ROOT_CONTEXT, headers);
}

/** Adds `traceparent` (and `tracestate`) for the given or the active context. */
export function traceHeaders(from: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(from, carrier);
  return carrier;
}

/** Runs `work` in a new span, ending it and recording a failure when `work` throws. */
export async function inSpan<T>(
  tracer: Tracer,
  name: string,
  options: {
    kind: SpanKind;
    parent?: Context;
    attributes?: Record<string, string | number | boolean>;
  },
  work: () => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = tracer.startSpan(
    name,
    { kind: options.kind, attributes: options.attributes },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), work);
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({
      code: SpanStatusCode.ERROR,
      message: errorMessage(error),
    });
    throw error;
  } finally {
    span.end();
  }
}

/** trace_id and span_id of the active span, for log lines. */
export function traceIds(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
