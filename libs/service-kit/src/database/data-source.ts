import {
  DataSource,
  type DataSourceOptions,
  type MixedList,
  type EntitySchema,
  type MigrationInterface,
} from 'typeorm';
import type { Logger } from 'pino';
import { embeddedPgDriver, type EmbeddedPostgres } from './embedded-postgres.js';

export interface DatabaseOptions {
  /** The service's own schema; its tables never live anywhere else. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  migrations: (new () => MigrationInterface)[];
}

export interface DatabaseConnection {
  /** Connection URL of a PostgreSQL server; absent means the embedded database. */
  url?: string;
  embedded?: EmbeddedPostgres;
  poolSize: number;
  statementTimeoutMs: number;
}

function searchPathFor(schema: string): string {
  return `"${schema}", public`;
}

export function createDataSource(
  options: DatabaseOptions,
  connection: DatabaseConnection,
): DataSource {
  const common = {
    type: 'postgres',
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    // Extensions are created by migrations, where a reviewer can see them.
    installExtensions: false,
    synchronize: false,
    logging: false,
  } as const;
  if (connection.embedded) {
    return new DataSource({
      ...common,
      driver: embeddedPgDriver(connection.embedded, searchPathFor(options.schema)),
    } as DataSourceOptions);
  }
  if (!connection.url) throw new Error('DATABASE_URL is required without the embedded database.');
  return new DataSource({
    ...common,
    url: connection.url,
    poolSize: connection.poolSize,
    connectTimeoutMS: 5_000,
    extra: {
      // Requests run short queries: starting parallel workers would cost more than the query.
      options: `-c search_path=${searchPathFor(options.schema).replace(/\s/g, '')} -c max_parallel_workers_per_gather=0`,
      statement_timeout: connection.statementTimeoutMs,
      // 0 means none, on the server and in the client alike (the migration runner's setting).
      query_timeout:
        connection.statementTimeoutMs > 0 ? connection.statementTimeoutMs + 1_000 : undefined,
      idleTimeoutMillis: 30_000,
    },
  });
}

/** What migrations connect with: two connections and no statement timeout. */
export const MIGRATION_CONNECTION = { poolSize: 2, statementTimeoutMs: 0 };

/**
 * Opens the data source, creates the schema and runs pending migrations. On a server, an advisory
 * lock lets only one replica migrate at a time; the embedded database has one session and no race.
 */
export async function openDatabase(
  options: DatabaseOptions,
  connection: DatabaseConnection,
  logger: Logger,
  migrate: boolean,
): Promise<DataSource> {
  // Migrations may build indexes over large tables (a minute at 1,000,000 actions): they get a
  // connection of their own without the request timeout, as the migration Job has.
  const separately = migrate && !connection.embedded && connection.statementTimeoutMs > 0;
  if (separately) await runMigrations(options, connection, logger);
  const dataSource = createDataSource(options, connection);
  await dataSource.initialize();
  try {
    if (migrate && !separately)
      await migrateDatabase(dataSource, options.schema, !connection.embedded, logger);
  } catch (error) {
    await dataSource.destroy().catch(() => undefined);
    throw error;
  }
  return dataSource;
}

/** Runs pending migrations on a short-lived data source of their own (MIGRATION_CONNECTION). */
export async function runMigrations(
  options: DatabaseOptions,
  connection: Pick<DatabaseConnection, 'url' | 'embedded'>,
  logger: Logger,
): Promise<string[]> {
  const migrator = createDataSource(options, { ...connection, ...MIGRATION_CONNECTION });
  await migrator.initialize();
  try {
    return await migrateDatabase(migrator, options.schema, !connection.embedded, logger);
  } finally {
    await migrator.destroy().catch(() => undefined);
  }
}

async function migrateDatabase(
  dataSource: DataSource,
  schema: string,
  useAdvisoryLock: boolean,
  logger: Logger,
): Promise<string[]> {
  const lockRunner = useAdvisoryLock ? dataSource.createQueryRunner() : null;
  try {
    if (lockRunner)
      await lockRunner.query(`SELECT pg_advisory_lock(hashtext($1))`, [`migrations:${schema}`]);
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await refuseForeignHistory(dataSource, schema);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    const names = applied.map((m) => m.name);
    if (names.length > 0) logger.info({ schema, migrations: names }, 'migrations applied');
    return names;
  } finally {
    if (lockRunner) {
      await lockRunner
        .query(`SELECT pg_advisory_unlock(hashtext($1))`, [`migrations:${schema}`])
        .catch(() => undefined);
      await lockRunner.release();
    }
  }
}

/**
 * Stops before migrating a schema whose history names migrations this build does not have: another
 * build made it (an older one before the histories were squashed, or a newer one), and running this
 * build's migrations over its tables would fail halfway or leave columns it does not know.
 */
async function refuseForeignHistory(dataSource: DataSource, schema: string): Promise<void> {
  const table = dataSource.options.migrationsTableName!;
  const [found] = await dataSource.query<{ present: boolean }[]>(
    `SELECT to_regclass($1) IS NOT NULL AS present`,
    [`"${schema}"."${table}"`],
  );
  if (!found?.present) return;
  const known = new Set(dataSource.migrations.map((migration) => migration.name));
  const applied: { name: string }[] = await dataSource
    .createQueryBuilder()
    .select('m.name', 'name')
    .from(table, 'm')
    .getRawMany();
  const foreign = applied.map((row) => row.name).filter((name) => !known.has(name));
  if (foreign.length > 0)
    throw new Error(
      `The database schema "${schema}" was made by another build of this service (it has run ${foreign.join(', ')}, which this build does not have). Point the service at a new database or schema; in the embedded mode, remove the data folder.`,
    );
}
