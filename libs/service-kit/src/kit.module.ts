import { type DynamicModule, Global, Module, type ValueProvider } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { InternalAuthGuard } from './auth/auth.guard.js';
import type { KeyStore } from './auth/key-store.js';
import type { Cache } from './cache/cache.js';
import type { ServiceEnv } from './config/config.js';
import { ErrorFilter } from './errors/error.filter.js';
import { HealthController } from './health/health.controller.js';
import { InternalClients } from './http/internal-client.js';
import { SchemaValidationPipe } from './http/validation.js';
import type { MessageBus } from './messaging/bus.js';
import { Outbox } from './messaging/outbox.js';
import { MetricsController, ServiceMetrics } from './metrics/metrics.js';
import type { Telemetry } from './telemetry/tracing.js';
import { CACHE, KEY_STORE, LOGGER, MESSAGE_BUS, SERVICE_CONFIG } from './tokens.js';

export interface KitProviders {
  config: ServiceEnv & Record<string, unknown>;
  logger: Logger;
  dataSource: DataSource;
  bus: MessageBus;
  cache?: Cache;
  keyStore: KeyStore;
  outbox: Outbox;
  metrics: ServiceMetrics;
  telemetry: Telemetry;
}

/**
 * What every service gets without asking: configuration, logger, database, message bus, outbox,
 * clients of other services' internal routes, the internal-token guard on every route, validation
 * of every input, the common error body, health and metrics endpoints; the cache if it keeps one.
 */
@Global()
@Module({})
export class ServiceKitModule {
  static register(kit: KitProviders): DynamicModule {
    const shared: ValueProvider[] = [
      { provide: SERVICE_CONFIG, useValue: kit.config },
      { provide: LOGGER, useValue: kit.logger },
      { provide: DataSource, useValue: kit.dataSource },
      { provide: MESSAGE_BUS, useValue: kit.bus },
      { provide: KEY_STORE, useValue: kit.keyStore },
      { provide: Outbox, useValue: kit.outbox },
      { provide: ServiceMetrics, useValue: kit.metrics },
      {
        provide: InternalClients,
        useValue: new InternalClients(kit.config.INTERNAL_TIMEOUT_MS, kit.telemetry.tracer),
      },
      ...(kit.cache ? [{ provide: CACHE, useValue: kit.cache }] : []),
    ];
    return {
      module: ServiceKitModule,
      controllers: [HealthController, MetricsController],
      providers: [
        ...shared,
        { provide: APP_GUARD, useClass: InternalAuthGuard },
        { provide: APP_FILTER, useValue: new ErrorFilter(kit.logger) },
        { provide: APP_PIPE, useValue: new SchemaValidationPipe() },
      ],
      exports: shared.map((provider) => provider.provide),
    };
  }
}
