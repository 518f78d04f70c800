import {
  CommonErrorCode,
  ServerMessages,
  streamForSubject,
  type ApiError,
  type EventEnvelope,
  type RpcReply,
} from '@meetings/contracts';
import {
  BaseRpcContext,
  Server,
  type CustomTransportStrategy,
  type MessageHandler,
} from '@nestjs/microservices';
import { trace, type Tracer } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { lastValueFrom } from 'rxjs';
import { ZodError } from 'zod';
import { DomainError } from '../errors/domain-error.js';
import { transientErrorBody } from '../errors/error.filter.js';
import { requestContext } from '../request-context.js';
import { extractContext, inSpan, SpanKind } from '../telemetry/tracing.js';
import type { Delivery, Headers, MessageBus } from './bus.js';

/** What an @EventPattern or @MessagePattern handler receives as its context argument. */
export class BusContext extends BaseRpcContext<
  [subject: string, headers: Headers, deliveryCount: number]
> {
  get subject(): string {
    return this.args[0];
  }
  get headers(): Headers {
    return this.args[1];
  }
  get deliveryCount(): number {
    return this.args[2];
  }
}

export interface EventPatternExtras {
  /** Durable consumer name; replicas sharing it share the work. Defaults to `<service>.<subject>`. */
  durable?: string;
  maxDeliver?: number;
}

/**
 * A Nest microservice transport over the platform's MessageBus: `@EventPattern(subject)` handlers
 * become durable consumers (payload checked against the contracts before the handler runs),
 * `@MessagePattern(subject)` handlers become responders whose refusals travel as error bodies.
 */
export class BusTransport extends Server implements CustomTransportStrategy {
  constructor(
    private readonly bus: MessageBus,
    private readonly service: string,
    private readonly log: Logger,
    private readonly tracer: Tracer = trace.getTracer('noop'),
  ) {
    super();
  }

  async listen(callback: () => void): Promise<void> {
    try {
      for (const [pattern, handler] of this.getHandlers()) {
        if (handler.isEventHandler) await this.registerConsumer(pattern, handler);
        else await this.registerResponder(pattern, handler);
      }
      callback();
    } catch (error) {
      this.log.error({ err: error }, 'bus transport failed to start');
      throw error;
    }
  }

  private async registerConsumer(subject: string, handler: MessageHandler): Promise<void> {
    const extras = (handler.extras ?? {}) as EventPatternExtras;
    const durable = extras.durable ?? `${this.service}.${subject}`.replace(/[^\w-]/g, '_');
    await this.bus.consume({
      durable,
      stream: streamForSubject(subject),
      subjects: [subject],
      maxDeliver: extras.maxDeliver,
      handler: async (delivery: Delivery) => {
        // The handler's @Payload({ schema }) checks the event against the contracts.
        const event = delivery.body as Partial<EventEnvelope>;
        const context = new BusContext([
          delivery.subject,
          delivery.headers,
          delivery.deliveryCount,
        ]);
        await requestContext.run(
          { requestId: delivery.headers['x-request-id'] ?? event.id ?? 'event' },
          () =>
            inSpan(
              this.tracer,
              `process ${subject}`,
              {
                kind: SpanKind.CONSUMER,
                parent: extractContext(delivery.headers),
                attributes: {
                  'messaging.consumer.group.name': durable,
                  'messaging.delivery_count': delivery.deliveryCount,
                },
              },
              async () => {
                const result = await handler(event, context);
                await lastValueFrom(this.transformToObservable(result), {
                  defaultValue: undefined,
                });
              },
            ),
        );
      },
    });
  }

  private async registerResponder(subject: string, handler: MessageHandler): Promise<void> {
    await this.bus.respond(
      subject,
      async (body, headers): Promise<RpcReply> => {
        const context = new BusContext([subject, headers, 1]);
        try {
          return await requestContext.run({ requestId: headers['x-request-id'] ?? 'rpc' }, () =>
            inSpan(
              this.tracer,
              `answer ${subject}`,
              { kind: SpanKind.SERVER, parent: extractContext(headers) },
              async (): Promise<RpcReply> => {
                const result = await handler(body, context);
                const data: unknown = await lastValueFrom(this.transformToObservable(result), {
                  defaultValue: null,
                });
                return { ok: true, data };
              },
            ),
          );
        } catch (error) {
          return { ok: false, error: toApiError(error, this.log, subject) };
        }
      },
      { queue: this.service },
    );
  }

  on(): void {
    // Connection events belong to the bus, which the runtime owns.
  }

  unwrap<T>(): T {
    return this.bus as T;
  }

  close(): void {
    // The runtime closes the bus after the application.
  }
}

function toApiError(error: unknown, log: Logger, subject: string): ApiError {
  if (error instanceof DomainError) return error.toBody();
  if (error instanceof ZodError) {
    const text = error.issues[0]?.message ?? ServerMessages.validationFailed;
    return { statusCode: 400, code: CommonErrorCode.ValidationFailed, error: text, message: text };
  }
  const transient = transientErrorBody(error);
  if (transient) {
    log.warn({ err: error, subject }, 'responder could not reach a dependency');
    return transient;
  }
  log.error({ err: error, subject }, 'responder failed');
  return {
    statusCode: 500,
    code: CommonErrorCode.Internal,
    error: ServerMessages.internal,
    message: ServerMessages.internal,
  };
}
