import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { MAX_BODY_BYTES } from '@meetings/contracts';
import {
  Global,
  type INestApplication,
  Module,
  type Type,
  type ValueProvider,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { DataSource, type EntitySchema, type MigrationInterface } from 'typeorm';
import type { z } from 'zod';
import { InternalAuthGuard } from '../auth/auth.guard.js';
import { ServiceEnvSchema, loadConfig, type ServiceEnv } from '../config/config.js';
import { openDatabase, type DatabaseOptions } from '../database/data-source.js';
import { createLogger, PinoNestLogger } from '../logging/logger.js';
import type { MessageBus } from '../messaging/bus.js';
import { BusTransport } from '../messaging/bus-transport.js';
import { messagingEntities } from '../messaging/messaging-tables.js';
import { Outbox } from '../messaging/outbox.js';
import { MetricsController, ServiceMetrics } from '../metrics/metrics.js';
import { Errors } from '../errors/domain-error.js';
import { ErrorFilter } from '../errors/error.filter.js';
import { HealthController } from '../health/health.controller.js';
import { CACHE, KEY_STORE, LOGGER, MESSAGE_BUS, SERVICE_CONFIG } from '../tokens.js';
import { closeWhileSweepingIdle } from './graceful-close.js';
import { InternalClients } from './internal-client.js';
import { addManagementListener, serviceDoor } from './management.js';
import { runHandlersInRequestContext } from '../request-context.js';
import { SchemaValidationPipe } from './validation.js';
import { provideInfrastructure, type SharedRuntime } from '../runtime.js';
import { traceRequests } from '../telemetry/http.js';
import { createTelemetry } from '../telemetry/tracing.js';

export interface ServiceDefinition<E extends z.ZodObject = typeof ServiceEnvSchema> {
  /** e.g. `svc-meetings`: names the logger, metrics and NATS connection. */
  name: string;
  /** Default database schema holding this service's tables. */
  schema: string;
  defaultPort: number;
  /** The service's root module (controllers, message handlers, domain services). */
  module: Type<unknown>;
  /** The service's tables; the outbox and inbox are added to them. */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: (Function | EntitySchema)[];
  /** Generated from the entities (messaging tables included) by `npm run migration:generate`. */
  migrations: (new () => MigrationInterface)[];
  /** The service's settings: ServiceEnvSchema extended with its own. */
  env?: E;
  /** The service keeps a cache (CACHE): in Redis with REDIS_URL, else in memory. */
  cache?: boolean;
  openapi: { title: string; description: string };
  /** Extra Fastify plugins or hooks the service needs (cookies, for example). */
  configure?: (app: NestFastifyApplication) => Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string | undefined>;
  shared?: SharedRuntime;
  /** Overrides PORT; 0 picks a free port. */
  port?: number;
  /** Overrides MANAGEMENT_PORT; 0 picks a free port (the default when `port` is given). */
  managementPort?: number;
  host?: string;
  /** Keeps the relay idle until the caller starts it (tests that inspect the outbox). */
  startRelay?: boolean;
}

export interface RunningService<C = ServiceEnv> {
  name: string;
  app: NestFastifyApplication;
  /** The public port: the product API the gateway proxies to. */
  url: string;
  /** The management port: internal and operator routes, metrics, readiness, the OpenAPI document. */
  managementUrl: string;
  config: C;
  logger: Logger;
  dataSource: DataSource;
  bus: MessageBus;
  outbox: Outbox;
  openapi: OpenAPIObject;
  close(): Promise<void>;
}

/**
 * Builds and starts one service: validated settings, logger, database (migrated), bus, cache,
 * Nest on Fastify with the kit's guard/validation/errors/health/metrics, message handlers, the
 * outbox relay and the OpenAPI document at /openapi.json.
 */
export async function startService<E extends z.ZodObject>(
  definition: ServiceDefinition<E>,
  options: StartOptions = {},
): Promise<RunningService<z.infer<E>>> {
  const env = { ...(options.env ?? process.env) };
  if (options.port !== undefined) env.PORT = String(options.port);
  if (options.managementPort !== undefined) env.MANAGEMENT_PORT = String(options.managementPort);
  const schema = definition.env ?? ServiceEnvSchema;
  const config = loadServiceConfig(definition, schema, env) as z.infer<E> & ServiceEnv;
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  const shared = options.shared ?? {};
  const infra = await provideInfrastructure(
    definition.name,
    config,
    shared,
    logger,
    definition.cache,
  );
  const telemetry = createTelemetry(definition.name, {
    otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    exporter: shared.spanExporter,
  });

  let dataSource: DataSource | undefined;
  let app: NestFastifyApplication | undefined;
  let outbox: Outbox | undefined;
  /** Closes what the service opened, the relay first. */
  const release = async () => {
    await outbox?.stop();
    await dataSource?.destroy().catch(() => undefined);
    await infra.release();
    await telemetry.shutdown().catch(() => undefined);
  };
  try {
    dataSource = await openDatabase(
      serviceDatabase(definition, config, shared),
      {
        url: config.DATABASE_URL,
        embedded: config.DATABASE_URL ? undefined : infra.embeddedDb,
        poolSize: config.DATABASE_POOL_SIZE,
        statementTimeoutMs: config.REQUEST_TIMEOUT_MS,
      },
      logger,
      config.MIGRATE_ON_START,
    );
    outbox = new Outbox(
      dataSource,
      infra.bus,
      logger.child({ component: 'outbox' }),
      telemetry.tracer,
    );
    const metrics = new ServiceMetrics(definition.name);
    metrics.watch(outbox, infra.bus);

    const kit: ValueProvider[] = [
      { provide: SERVICE_CONFIG, useValue: config },
      { provide: LOGGER, useValue: logger },
      { provide: DataSource, useValue: dataSource },
      { provide: MESSAGE_BUS, useValue: infra.bus },
      { provide: KEY_STORE, useValue: infra.keyStore },
      { provide: Outbox, useValue: outbox },
      { provide: ServiceMetrics, useValue: metrics },
      {
        provide: InternalClients,
        useValue: new InternalClients(config.INTERNAL_TIMEOUT_MS, telemetry.tracer),
      },
      ...(infra.cache ? [{ provide: CACHE, useValue: infra.cache }] : []),
    ];

    /**
     * What every service gets without asking: configuration, logger, database, message bus,
     * outbox, clients of other services' internal routes, the internal-token guard on every route,
     * validation of every input, the common error body, health and metrics endpoints; the cache if
     * it keeps one.
     */
    @Global()
    @Module({
      controllers: [HealthController, MetricsController],
      providers: [
        ...kit,
        { provide: APP_GUARD, useClass: InternalAuthGuard },
        { provide: APP_FILTER, useValue: new ErrorFilter(logger) },
        { provide: APP_PIPE, useValue: new SchemaValidationPipe() },
      ],
      exports: kit.map((provider) => provider.provide),
    })
    class ServiceKit {}

    @Module({ imports: [ServiceKit, definition.module] })
    class ServiceRoot {}

    const adapter = new FastifyAdapter({
      loggerInstance: logger,
      bodyLimit: MAX_BODY_BYTES,
      requestTimeout: config.REQUEST_TIMEOUT_MS * 3,
      connectionTimeout: 60_000,
      trustProxy: true,
      requestIdHeader: 'x-request-id',
      genReqId: () => randomUUID(),
      routerOptions: { ignoreTrailingSlash: true },
      // The router's own refusals (a malformed or over-long path parameter) skip the error
      // filter; they still leave in the one body shape.
      frameworkErrors: (_error: Error, request: FastifyRequest, reply: FastifyReply) =>
        reply
          .status(400)
          .header('content-type', 'application/json; charset=utf-8')
          .send(Errors.validation().toBody(String(request.id))),
    });
    app = await NestFactory.create<NestFastifyApplication>(ServiceRoot, adapter, {
      logger: new PinoNestLogger(logger),
      abortOnError: false,
    });
    const fastify = app.getHttpAdapter().getInstance();
    metrics.instrument(fastify);
    traceRequests(fastify, telemetry.tracer);
    runHandlersInRequestContext(fastify);
    await definition.configure?.(app);
    app.connectMicroservice(
      { strategy: new BusTransport(infra.bus, logger, telemetry.tracer) },
      { inheritAppConfig: true },
    );
    const openapi = buildOpenApi(app, definition);
    fastify.get('/openapi.json', async () => openapi);
    const management = addManagementListener(fastify, app.getHttpServer(), serviceDoor);

    await app.startAllMicroservices();
    const host = options.host ?? config.HOST;
    await app.listen({ port: config.PORT, host });
    // A caller placing the public port (tests, the embedded mode) gets a free management port
    // unless it places that too: two services never reach for the same default.
    const managementPort =
      config.MANAGEMENT_PORT ?? (options.port === undefined ? definition.defaultPort + 100 : 0);
    const managementUrl = await management.listen(managementPort, host);
    if (options.startRelay !== false) outbox.start();

    const address = app.getHttpServer().address() as AddressInfo;
    const url = `http://127.0.0.1:${address.port}`;
    logger.info(
      {
        url,
        managementUrl,
        database: config.DATABASE_URL ? 'postgres' : 'embedded',
        bus: infra.bus.kind,
      },
      'service started',
    );

    const runningApp = app;
    let closing: Promise<void> | null = null;
    return {
      name: definition.name,
      app,
      url,
      managementUrl,
      config,
      logger,
      dataSource,
      bus: infra.bus,
      outbox,
      openapi,
      close: () =>
        (closing ??= (async () => {
          // Intake stops on both doors at once, and what either had accepted finishes while the
          // database, the outbox and the bus connection are still there.
          await Promise.all([
            closeWhileSweepingIdle(runningApp.getHttpServer(), () => runningApp.close()).catch(
              (error: unknown) => logger.warn({ err: error }, 'closing HTTP failed'),
            ),
            infra.bus.stopIntake?.(config.SHUTDOWN_GRACE_MS),
          ]);
          logger.info('accepted requests and messages answered; closing the outbox and database');
          await release();
          logger.info('outbox, database and connections closed');
        })()),
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await release();
    throw error;
  }
}

/** The service's settings read from `env`, PORT defaulting to the service's own. */
export function loadServiceConfig<S extends z.ZodObject>(
  definition: ServiceDefinition<z.ZodObject>,
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  return loadConfig(schema, { PORT: String(definition.defaultPort), ...env });
}

/** The service's schema (settings may rename it) and its migrations, messaging tables first. */
export function serviceDatabase(
  definition: ServiceDefinition<z.ZodObject>,
  config: ServiceEnv,
  shared: SharedRuntime = {},
): DatabaseOptions {
  return {
    schema: `${config.DATABASE_SCHEMA ?? definition.schema}${shared.schemaSuffix ?? ''}`,
    entities: [...messagingEntities, ...definition.entities],
    migrations: definition.migrations,
  };
}

function buildOpenApi(
  app: INestApplication,
  definition: ServiceDefinition<z.ZodObject>,
): OpenAPIObject {
  const document = new DocumentBuilder()
    .setTitle(definition.openapi.title)
    .setDescription(definition.openapi.description)
    .setVersion('1')
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'Internal token issued by the gateway',
    })
    .build();
  return SwaggerModule.createDocument(app, document);
}
