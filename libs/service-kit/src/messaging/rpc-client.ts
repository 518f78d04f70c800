import { RpcReplySchema } from '@meetings/contracts';
import { trace, type Tracer } from '@opentelemetry/api';
import type { z } from 'zod';
import { DomainError, Errors } from '../errors/domain-error.js';
import { currentRequestId } from '../request-context.js';
import { inSpan, SpanKind, traceHeaders } from '../telemetry/tracing.js';
import { BusTimeoutError, BusUnavailableError, type MessageBus } from './bus.js';

/** Request/reply to another service; its refusals come back as the same DomainError. */
export class RpcClient {
  constructor(
    private readonly bus: MessageBus,
    private readonly timeoutMs: number,
    private readonly tracer: Tracer = trace.getTracer('noop'),
  ) {}

  async call<S extends z.ZodType>(
    subject: string,
    body: unknown,
    replySchema: S,
    timeoutMs = this.timeoutMs,
  ): Promise<z.infer<S>> {
    const raw = await inSpan(this.tracer, `ask ${subject}`, { kind: SpanKind.CLIENT }, async () => {
      try {
        const requestId = currentRequestId();
        return await this.bus.request(subject, body, {
          timeoutMs,
          headers: { ...traceHeaders(), ...(requestId ? { 'x-request-id': requestId } : {}) },
        });
      } catch (error) {
        if (error instanceof BusTimeoutError) throw Errors.timeout();
        if (error instanceof BusUnavailableError) throw Errors.unavailable();
        throw error;
      }
    });
    const reply = RpcReplySchema.parse(raw);
    if (!reply.ok) throw DomainError.fromBody(reply.error);
    return replySchema.parse(reply.data) as z.infer<S>;
  }
}
