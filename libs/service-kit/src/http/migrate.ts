import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import { ConfigError, ServiceEnvSchema, loadConfig, type ServiceEnv } from '../config/config.js';
import { createDataSource, migrateDatabase, openDatabase } from '../database/data-source.js';
import { EmbeddedPostgres } from '../database/embedded-postgres.js';
import { createLogger } from '../logging/logger.js';
import type { SharedRuntime } from '../runtime.js';
import { serviceDatabase, type ServiceDefinition } from './service-app.js';

export interface MigrateOptions {
  env?: Record<string, string | undefined>;
  shared?: Pick<SharedRuntime, 'embeddedDb' | 'schemaSuffix'>;
}

/**
 * Applies a service's pending migrations (the same ones, in the same schema, under the same
 * advisory lock as a start with MIGRATE_ON_START) and returns the names applied. Nothing else
 * starts: no HTTP, bus, cache or outbox relay.
 */
export async function migrateService<E extends z.ZodObject>(
  definition: ServiceDefinition<E>,
  options: MigrateOptions = {},
): Promise<string[]> {
  // The database settings are all a migration needs: the service's own (its secrets among them)
  // are not asked of the migration Job.
  const rawEnv = { PORT: String(definition.defaultPort), ...(options.env ?? process.env) };
  const config: ServiceEnv = loadConfig(ServiceEnvSchema, rawEnv);
  const logger = createLogger(definition.name, config.LOG_LEVEL).child({ task: 'migrate' });
  const shared = options.shared ?? {};

  let ownedDb: EmbeddedPostgres | undefined;
  const embedded = config.DATABASE_URL
    ? undefined
    : (shared.embeddedDb ??
      (ownedDb = await EmbeddedPostgres.open(join(config.DATA_DIR, definition.name))));
  try {
    const database = serviceDatabase(definition, config, shared);
    const dataSource = await openDatabase(
      database,
      {
        url: config.DATABASE_URL,
        embedded,
        poolSize: 2,
        statementTimeoutMs: 0,
      },
      logger,
      false,
    );
    try {
      return await migrateDatabase(dataSource, database.schema, !embedded, logger);
    } finally {
      await dataSource.destroy().catch(() => undefined);
    }
  } finally {
    await ownedDb?.close();
  }
}

/**
 * `node <service>/dist/migrate.js`: migrates and exits (0 on success), e.g. as the Kubernetes Job
 * that runs before a rollout while the Deployments start with MIGRATE_ON_START=false.
 */
export async function runMigrationsOnly<E extends z.ZodObject>(
  definition: ServiceDefinition<E>,
): Promise<never> {
  try {
    const applied = await migrateService(definition);
    console.log(
      JSON.stringify({ service: definition.name, migrations: applied, status: 'migrated' }),
    );
    process.exit(0);
  } catch (error) {
    if (error instanceof ConfigError) console.error(`${definition.name}: ${error.message}`);
    else console.error(`${definition.name} migration failed:`, error);
    process.exit(1);
  }
}

/**
 * What the TypeORM CLI works with (`<service>/src/data-source.ts`, for `npm run
 * migration:generate`): the service's entities and migrations on DATABASE_URL, in DATABASE_SCHEMA.
 */
export function migrationDataSource<E extends z.ZodObject>(
  definition: ServiceDefinition<E>,
  env: Record<string, string | undefined> = process.env,
): DataSource {
  const config = loadConfig(ServiceEnvSchema, { PORT: String(definition.defaultPort), ...env });
  if (!config.DATABASE_URL)
    throw new ConfigError(['DATABASE_URL: required to generate migrations']);
  return createDataSource(serviceDatabase(definition, config), {
    url: config.DATABASE_URL,
    poolSize: 2,
    statementTimeoutMs: 0,
  });
}
