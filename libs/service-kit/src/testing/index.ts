import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INTERNAL_TOKEN_AUDIENCE, INTERNAL_TOKEN_ISSUER } from '@meetings/contracts';
import { createLocalJWKSet, SignJWT, type JWK } from 'jose';
import pg from 'pg';
import type { KeyStore } from '../auth/key-store.js';
import { MemoryCache } from '../cache/cache.js';
import { openDatabase, type DatabaseConnection } from '../database/data-source.js';
import type { EmbeddedPostgres } from '../database/embedded-postgres.js';
import { InProcessBus } from '../messaging/in-process-bus.js';
import { deleteNamespaceStreams } from '../messaging/jetstream-bus.js';
import { createLogger } from '../logging/logger.js';
import type { SharedRuntime } from '../runtime.js';
import { serviceDatabase, type ServiceDefinition } from '../http/service-app.js';
import { ServiceEnvSchema } from '../config/config.js';
import { freshEmbeddedDatabase } from './pristine-cluster.js';

export interface TestUser {
  id: string;
  email: string;
  sessionId?: string;
  /** The `tz` claim; none means UTC. */
  timeZone?: string;
}

/** Verification keys given up front, by key id. */
export function staticKeyStore(keys: Record<string, KeyObject>): KeyStore {
  return createLocalJWKSet({
    keys: Object.entries(keys).map(([kid, key]) => ({
      ...(key.export({ format: 'jwk' }) as JWK),
      kid,
    })),
  });
}

/** Signs internal tokens the way the gateway's tokens are signed, and forges bad ones. */
export class TestTokens {
  readonly kid = `test-${randomUUID()}`;
  private readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  keyStore(): KeyStore {
    return staticKeyStore({ [this.kid]: this.publicKey });
  }

  async sign(
    user: TestUser,
    options: { expiresInSeconds?: number; key?: KeyObject; issuer?: string } = {},
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      email: user.email,
      sid: user.sessionId ?? randomUUID(),
      ...(user.timeZone ? { tz: user.timeZone } : {}),
    })
      .setProtectedHeader({ alg: 'ES256', kid: this.kid })
      .setSubject(user.id)
      .setIssuer(options.issuer ?? INTERNAL_TOKEN_ISSUER)
      .setAudience(INTERNAL_TOKEN_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + (options.expiresInSeconds ?? 60))
      .sign(options.key ?? this.privateKey);
  }

  async bearer(user: TestUser): Promise<{ authorization: string }> {
    return { authorization: `Bearer ${await this.sign(user)}` };
  }

  /** An unsigned token (`alg: none`), which every service must refuse. */
  unsigned(user: TestUser): string {
    const now = Math.floor(Date.now() / 1000);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${encode({ alg: 'none', typ: 'JWT', kid: this.kid })}.${encode({
      sub: user.id,
      email: user.email,
      sid: 's',
      iss: INTERNAL_TOKEN_ISSUER,
      aud: INTERNAL_TOKEN_AUDIENCE,
      iat: now,
      exp: now + 60,
    })}.`;
  }

  /** Signed with a key nobody published. */
  async forged(user: TestUser): Promise<string> {
    const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    return this.sign(user, { key: stranger });
  }

  async expired(user: TestUser): Promise<string> {
    return this.sign(user, { expiresInSeconds: -120 });
  }
}

export function testUser(email = `user-${randomUUID().slice(0, 8)}@example.com`): TestUser {
  return { id: randomUUID(), email };
}

/**
 * The databases a data-layer spec holds its contract on: the embedded one (in memory) always, and
 * PostgreSQL as well under `npm run test:real`. Two connections each.
 */
export function testDatabases(
  statementTimeoutMs: number,
): { name: string; connect: () => Promise<DatabaseConnection> }[] {
  const realUrl = process.env.TEST_REAL === '1' ? process.env.TEST_DATABASE_URL : undefined;
  return [
    {
      name: 'embedded',
      connect: async () => ({
        embedded: await freshEmbeddedDatabase(),
        poolSize: 2,
        statementTimeoutMs,
      }),
    },
    ...(realUrl
      ? [
          {
            name: 'PostgreSQL',
            connect: async () => ({ url: realUrl, poolSize: 2, statementTimeoutMs }),
          },
        ]
      : []),
  ];
}

/**
 * A service's no-drift check: its migrations applied to a fresh schema, then the statements TypeORM
 * would still run to match its entities and the indexes the entities declare but leave to the
 * migrations (`synchronize: false`) that the database lacks: none, when the two describe the same
 * schema.
 */
export async function driftAfterMigrations(
  definition: ServiceDefinition,
  connection: DatabaseConnection,
): Promise<string[]> {
  const database = serviceDatabase(definition, ServiceEnvSchema.parse({ PORT: '0' }), {
    schemaSuffix: `_drift_${randomUUID().replace(/-/g, '').slice(0, 8)}`,
  });
  const dataSource = await openDatabase(database, connection, createLogger('test', 'silent'), true);
  try {
    const sql = await dataSource.driver.createSchemaBuilder().log();
    const present = new Set(
      (
        await dataSource.query<{ indexname: string }[]>(
          `SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()`,
        )
      ).map((row) => row.indexname),
    );
    const missing = dataSource.entityMetadatas
      .flatMap((entity) => entity.indices.map((index) => index.name))
      .filter((name) => !present.has(name))
      .map((name) => `missing index ${name}`);
    return [...sql.upQueries.map((query) => query.query), ...missing];
  } finally {
    if (connection.url) await dataSource.query(`DROP SCHEMA "${database.schema}" CASCADE`);
    await dataSource.destroy();
    await connection.embedded?.close();
  }
}

export interface TestRuntime {
  shared: SharedRuntime;
  env: Record<string, string | undefined>;
  tokens: TestTokens;
  /** The in-process bus when the tests run embedded. */
  bus?: InProcessBus;
  cleanup(): Promise<void>;
}

/**
 * Infrastructure for a test file: an in-memory PGlite, the in-process bus and a memory cache; or,
 * when TEST_DATABASE_URL / TEST_NATS_URL / TEST_REDIS_URL are set, the real servers, isolated by
 * a random schema suffix, NATS namespace and Redis prefix so that test files can run in parallel.
 */
export async function createTestRuntime(): Promise<TestRuntime> {
  const real = {
    database: process.env.TEST_DATABASE_URL || undefined,
    nats: process.env.TEST_NATS_URL || undefined,
    redis: process.env.TEST_REDIS_URL || undefined,
  };
  const tag = `t${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const tokens = new TestTokens();
  const dataDir = mkdtempSync(join(tmpdir(), 'meetings-test-'));
  const logger = createLogger(
    'test',
    (process.env.TEST_LOG_LEVEL as 'info' | undefined) ?? 'silent',
  );
  const shared: SharedRuntime = { keyStore: tokens.keyStore() };
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    INTERNAL_TIMEOUT_MS: '3000',
  };

  let embeddedDb: EmbeddedPostgres | undefined;
  if (real.database) {
    env.DATABASE_URL = real.database;
    env.DATABASE_POOL_SIZE = '4';
    shared.schemaSuffix = `_${tag}`;
  } else {
    embeddedDb = await freshEmbeddedDatabase();
    shared.embeddedDb = embeddedDb;
  }

  let bus: InProcessBus | undefined;
  if (real.nats) {
    env.NATS_URL = real.nats;
    env.NATS_NAMESPACE = tag;
  } else {
    bus = new InProcessBus(logger);
    shared.bus = bus;
  }

  if (real.redis) {
    env.REDIS_URL = real.redis;
    env.CACHE_PREFIX = `${tag}:`;
  } else {
    shared.memoryCache = new MemoryCache();
  }

  return {
    shared,
    env,
    tokens,
    bus,
    async cleanup() {
      await bus?.close();
      await embeddedDb?.close();
      if (real.database) await dropTestSchemas(real.database, shared.schemaSuffix!);
      if (real.nats) await deleteNamespaceStreams(real.nats, tag);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function dropTestSchemas(url: string, suffix: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      `SELECT nspname FROM pg_namespace WHERE nspname LIKE $1`,
      [`%${suffix}`],
    );
    for (const row of rows) await client.query(`DROP SCHEMA "${row.nspname}" CASCADE`);
  } finally {
    await client.end();
  }
}
