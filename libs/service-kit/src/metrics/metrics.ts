import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { Public } from '../auth/auth.guard.js';
import type { MessageBus } from '../messaging/bus.js';
import type { Outbox } from '../messaging/outbox.js';

/** Request latency histogram buckets, in seconds (the services' and the gateway's). */
export const LATENCY_BUCKETS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

/** One Prometheus registry per service (several services can share a process when embedded). */
export class ServiceMetrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by route and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers: [this.registry],
    });
  }

  /** A service's own gauge, read at scrape time. */
  gauge(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /** Gauges read at scrape time: what is waiting in the outbox, whether the bus is connected. */
  watch(outbox: Outbox, bus: MessageBus): void {
    new Gauge({
      name: 'outbox_backlog',
      help: 'Events written but not yet published',
      registers: [this.registry],
      async collect() {
        this.set(await outbox.backlog().catch(() => -1));
      },
    });
    new Gauge({
      name: 'consumer_pending_messages',
      help: 'Events a durable consumer of this service has not finished (stored, or delivered but not acknowledged)',
      labelNames: ['consumer', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const lag of await bus.consumerLag().catch(() => [])) {
          this.set({ consumer: lag.consumer, state: 'pending' }, lag.pending);
          this.set({ consumer: lag.consumer, state: 'ack_pending' }, lag.ackPending);
        }
      },
    });
    this.gauge('message_bus_connected', '1 when the message bus is connected', () =>
      bus.isConnected() ? 1 : 0,
    );
  }

  instrument(fastify: FastifyInstance): void {
    fastify.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      this.httpDuration.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
  }
}

@Controller()
export class MetricsController {
  constructor(@Inject(ServiceMetrics) private readonly metrics: ServiceMetrics) {}

  @Public()
  @Get('metrics')
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  async scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
