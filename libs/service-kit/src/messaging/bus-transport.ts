import type { EventEnvelope } from '@meetings/contracts';
import {
  BaseRpcContext,
  Server,
  type CustomTransportStrategy,
  type MessageHandler,
} from '@nestjs/microservices';
import { SpanKind, type Tracer } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { lastValueFrom } from 'rxjs';
import { requestContext } from '../request-context.js';
import { extractContext, inSpan } from '../telemetry/tracing.js';
import type { Delivery, MessageBus } from './bus.js';

export interface EventPatternExtras {
  /** Durable consumer name; replicas sharing it share the work. */
  durable: string;
}

/**
 * A Nest microservice transport over the platform's MessageBus: each
 * `@EventPattern(subject, { durable })` handler becomes a durable consumer (payload checked against
 * the contracts before the handler runs). There is no request/reply: services ask each other over
 * HTTP (InternalClient).
 */
export class BusTransport extends Server implements CustomTransportStrategy {
  constructor(
    private readonly bus: MessageBus,
    private readonly log: Logger,
    private readonly tracer: Tracer,
  ) {
    super();
  }

  async listen(callback: () => void): Promise<void> {
    try {
      for (const [pattern, handler] of this.getHandlers()) {
        if (!handler.isEventHandler)
          throw new Error(`@MessagePattern(${pattern}): ask over HTTP instead (InternalClient)`);
        await this.registerConsumer(pattern, handler);
      }
      callback();
    } catch (error) {
      this.log.error({ err: error }, 'bus transport failed to start');
      throw error;
    }
  }

  private async registerConsumer(subject: string, handler: MessageHandler): Promise<void> {
    const { durable } = (handler.extras ?? {}) as Partial<EventPatternExtras>;
    if (!durable) throw new Error(`@EventPattern(${subject}) needs { durable: <consumer name> }`);
    await this.bus.consume({
      durable,
      subject,
      handler: async (delivery: Delivery) => {
        // The handler's @Payload({ schema }) checks the event against the contracts.
        const event = delivery.body as Partial<EventEnvelope>;
        const context = new BaseRpcContext([delivery.subject, delivery.headers]);
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
