import { join } from 'node:path';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { Logger } from 'pino';
import { jwksKeyStore, type KeyStore } from './auth/key-store.js';
import { MemoryCache, RedisCache, type Cache } from './cache/cache.js';
import type { ServiceEnv } from './config/config.js';
import { EmbeddedPostgres } from './database/embedded-postgres.js';
import type { MessageBus } from './messaging/bus.js';
import { InProcessBus } from './messaging/in-process-bus.js';
import { JetStreamBus } from './messaging/jetstream-bus.js';

/**
 * Infrastructure several services in one process may share (the embedded mode, tests): one
 * embedded database, one in-process bus, one memory cache. Whatever is given here the service
 * uses and does not close; whatever it has to create itself from its settings, it owns.
 */
export interface SharedRuntime {
  embeddedDb?: EmbeddedPostgres;
  bus?: MessageBus;
  memoryCache?: MemoryCache;
  keyStore?: KeyStore;
  /** Database schema names get this suffix (isolates parallel test runs on one server). */
  schemaSuffix?: string;
  /** Where spans go instead of OTLP (tests read traces from it). */
  spanExporter?: SpanExporter;
}

export interface ServiceInfrastructure {
  embeddedDb?: EmbeddedPostgres;
  bus: MessageBus;
  /** Only for a service that keeps one (ServiceDefinition.cache). */
  cache?: Cache;
  keyStore: KeyStore;
  /** Closes what this service created itself. */
  release(): Promise<void>;
}

export async function provideInfrastructure(
  service: string,
  env: ServiceEnv,
  shared: SharedRuntime,
  logger: Logger,
  wantsCache = false,
): Promise<ServiceInfrastructure> {
  const owned: { close(): Promise<void> }[] = [];

  let embeddedDb = shared.embeddedDb;
  if (!env.DATABASE_URL && !embeddedDb) {
    embeddedDb = await EmbeddedPostgres.open(join(env.DATA_DIR, service));
    owned.push(embeddedDb);
  }

  let bus = shared.bus;
  if (!bus) {
    bus = env.NATS_URL
      ? new JetStreamBus(
          {
            url: env.NATS_URL,
            name: service,
            namespace: env.NATS_NAMESPACE,
          },
          logger.child({ component: 'nats' }),
        )
      : new InProcessBus(logger.child({ component: 'bus' }));
    owned.push(bus);
  }

  // A service that keeps no cache opens no Redis connection, whatever REDIS_URL says.
  let cache: Cache | undefined;
  if (wantsCache && env.REDIS_URL) {
    cache = new RedisCache(
      {
        url: env.REDIS_URL,
        namespace: `${env.CACHE_PREFIX ?? ''}${service}`,
      },
      logger.child({ component: 'redis' }),
    );
    owned.push(cache);
  } else if (wantsCache) {
    cache = (shared.memoryCache ?? new MemoryCache()).withNamespace(service);
  }

  const keyStore =
    shared.keyStore ?? jwksKeyStore(env.AUTH_JWKS_URL ?? 'http://127.0.0.1:4101/internal/jwks');

  return {
    embeddedDb,
    bus,
    cache,
    keyStore,
    async release() {
      for (const resource of owned.reverse()) await resource.close().catch(() => undefined);
    },
  };
}
