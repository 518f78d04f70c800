import {
  startFaultProxy,
  startPrivateNats,
  startPrivatePostgres,
  startPrivateRedis,
  type FaultProxy,
  type PrivateServer,
} from '@meetings/testing/services';
import pg from 'pg';
import { Cluster, type ClusterOptions } from './cluster.js';

export type PrivateNats = Awaited<ReturnType<typeof startPrivateNats>>;

/**
 * The distributed mode on servers of its own, for breaking them: a throwaway PostgreSQL cluster,
 * NATS and Redis on free ports. PostgreSQL and Redis are reached through fault proxies (to cut or
 * blackhole the network without stopping the server); NATS directly (it is stopped for real).
 */
export interface FaultEnvironment {
  postgres: PrivateServer;
  nats: PrivateNats;
  redis: PrivateServer;
  postgresProxy: FaultProxy;
  redisProxy: FaultProxy;
  cluster: Cluster;
  /** Straight to the private PostgreSQL (the test's own view, never through the proxy). */
  databaseUrl: string;
  query<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function startFaultEnvironment(
  options: Partial<Pick<ClusterOptions, 'env' | 'remoteDirs' | 'cpus'>> = {},
): Promise<FaultEnvironment> {
  const opened: { close(): Promise<void> }[] = [];
  try {
    const postgres = await startPrivatePostgres();
    opened.push(postgres);
    const nats = await startPrivateNats();
    opened.push(nats);
    const redis = await startPrivateRedis();
    opened.push(redis);
    const postgresProxy = await startFaultProxy({ host: '127.0.0.1', port: postgres.port });
    opened.push(postgresProxy);
    const redisProxy = await startFaultProxy({ host: '127.0.0.1', port: redis.port });
    opened.push(redisProxy);
    const cluster = await Cluster.start({
      databaseUrl: `postgres://postgres@127.0.0.1:${postgresProxy.port}/postgres`,
      natsUrl: nats.url,
      redisUrl: `redis://127.0.0.1:${redisProxy.port}`,
      ...options,
    });
    const pool = new pg.Pool({ connectionString: postgres.url, max: 2 });
    pool.on('error', () => undefined);
    return {
      postgres,
      nats,
      redis,
      postgresProxy,
      redisProxy,
      cluster,
      databaseUrl: postgres.url,
      async query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
        return (await pool.query<T>(sql, params)).rows;
      },
      async close() {
        await cluster.stop();
        await pool.end().catch(() => undefined);
        for (const resource of opened.reverse()) await resource.close().catch(() => undefined);
      },
    };
  } catch (error) {
    for (const resource of opened.reverse()) await resource.close().catch(() => undefined);
    throw error;
  }
}

/** Short (CI) or long (on demand) form of the fault suite. */
export const FAULTS_PROFILE: 'ci' | 'long' = process.env.FAULTS_PROFILE === 'ci' ? 'ci' : 'long';

/** Waits until every service's outbox has published everything. */
export async function waitForOutboxes(
  env: Pick<FaultEnvironment, 'query'>,
  timeoutMs: number,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    const rows = await env
      .query<{ n: number }>(
        `SELECT (SELECT count(*) FROM auth.outbox_event WHERE published_at IS NULL)
              + (SELECT count(*) FROM subscription.outbox_event WHERE published_at IS NULL)
              + (SELECT count(*) FROM meetings.outbox_event WHERE published_at IS NULL)
              + (SELECT count(*) FROM actions.outbox_event WHERE published_at IS NULL) AS n`,
      )
      .catch(() => [{ n: -1 }]);
    if (Number(rows[0]!.n) === 0) return Date.now() - started;
    if (Date.now() - started > timeoutMs)
      throw new Error(`outboxes not empty after ${timeoutMs} ms (${rows[0]!.n} waiting)`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
