import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import { ConfigError, ServiceEnvSchema } from '../config/config.js';
import { createDataSource, MIGRATION_CONNECTION, runMigrations } from '../database/data-source.js';
import { EmbeddedPostgres } from '../database/embedded-postgres.js';
import { createLogger } from '../logging/logger.js';
import type { SharedRuntime } from '../runtime.js';
import { loadServiceConfig, serviceDatabase, type ServiceDefinition } from './service-app.js';
import { exitOnStartFailure } from './standalone.js';

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
  const config = loadServiceConfig(definition, ServiceEnvSchema, options.env);
  const logger = createLogger(definition.name, config.LOG_LEVEL).child({ task: 'migrate' });
  const shared = options.shared ?? {};

  let ownedDb: EmbeddedPostgres | undefined;
  const embedded = config.DATABASE_URL
    ? undefined
    : (shared.embeddedDb ??
      (ownedDb = await EmbeddedPostgres.open(join(config.DATA_DIR, definition.name))));
  try {
    return await runMigrations(
      serviceDatabase(definition, config, shared),
      { url: config.DATABASE_URL, embedded },
      logger,
    );
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
    exitOnStartFailure(definition.name, error, 'migration failed');
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
  const config = loadServiceConfig(definition, ServiceEnvSchema, env);
  if (!config.DATABASE_URL)
    throw new ConfigError(['DATABASE_URL: required to generate migrations']);
  return createDataSource(serviceDatabase(definition, config), {
    url: config.DATABASE_URL,
    ...MIGRATION_CONNECTION,
  });
}
