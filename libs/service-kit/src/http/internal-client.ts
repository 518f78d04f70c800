import { ApiErrorSchema, CommonErrorCode, ServerMessages } from '@meetings/contracts';
import { SpanKind, trace, type Tracer } from '@opentelemetry/api';
import pRetry, { AbortError } from 'p-retry';
import type { z } from 'zod';
import { DomainError, Errors } from '../errors/domain-error.js';
import { currentRequestId } from '../request-context.js';
import { inSpan, traceHeaders } from '../telemetry/tracing.js';

export interface InternalRequest {
  query?: Record<string, string | number | undefined>;
  /** The internal token of the user the call is made for. */
  token?: string;
}

/**
 * Calls another service's `/internal/...` routes over HTTP, the one synchronous transport between
 * services. Its refusals come back as the same DomainError (4xx, and 503/504); a service that
 * cannot be reached is 503 after the bounded retries, no answer in time is 504, and anything else
 * it gets wrong (another 5xx, an answer we cannot read) is 502, so a fault there never reads as a
 * fault here.
 */
export class InternalClient {
  constructor(
    private readonly baseUrl: string,
    /** Each attempt's limit; a call that runs out answers 504 and is not tried again. */
    private readonly timeoutMs: number,
    private readonly tracer: Tracer = trace.getTracer('noop'),
  ) {}

  get<S extends z.ZodType>(
    path: string,
    schema: S,
    request: InternalRequest = {},
  ): Promise<z.infer<S>> {
    const url = new URL(path, this.baseUrl);
    for (const [name, value] of Object.entries(request.query ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
    return inSpan(this.tracer, `GET ${path}`, { kind: SpanKind.CLIENT }, () =>
      // Two more attempts when the service cannot be reached or says it is unavailable.
      pRetry(() => this.attempt(url, schema, request.token), {
        retries: 2,
        minTimeout: 50,
        maxTimeout: 500,
      }),
    );
  }

  private async attempt<S extends z.ZodType>(
    url: URL,
    schema: S,
    token: string | undefined,
  ): Promise<z.infer<S>> {
    const requestId = currentRequestId();
    let response: Response;
    try {
      response = await fetch(url, {
        headers: {
          accept: 'application/json',
          ...traceHeaders(),
          ...(requestId ? { 'x-request-id': requestId } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') throw new AbortError(Errors.timeout());
      throw Errors.unavailable();
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (response.ok) {
      const parsed = schema.safeParse(body);
      if (parsed.success) return parsed.data as z.infer<S>;
      throw new AbortError(badGateway());
    }
    const refusal = ApiErrorSchema.safeParse(body);
    const passesThrough =
      response.status < 500 || response.status === 503 || response.status === 504;
    if (refusal.success && passesThrough) {
      const error = DomainError.fromBody({ ...refusal.data, statusCode: response.status });
      // Only "unavailable" is worth another attempt.
      throw response.status === 503 ? error : new AbortError(error);
    }
    throw new AbortError(badGateway());
  }
}

function badGateway(): DomainError {
  return new DomainError(502, CommonErrorCode.BadGateway, ServerMessages.badGateway);
}

/** Makes the clients of other services with this service's timeout and tracer (a kit provider). */
export class InternalClients {
  constructor(
    private readonly timeoutMs: number,
    private readonly tracer: Tracer,
  ) {}

  to(baseUrl: string): InternalClient {
    return new InternalClient(baseUrl, this.timeoutMs, this.tracer);
  }
}
