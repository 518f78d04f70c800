import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { E_TIMEOUT, Mutex, withTimeout, type MutexInterface } from 'async-mutex';
import pg from 'pg';

/** How long a caller waits for the embedded database before giving up (a hung request is worse). */
const LEASE_TIMEOUT_MS = 15_000;

export interface Lease {
  client: pg.Client;
  release: (error?: unknown) => void;
}

/**
 * The embedded PostgreSQL (PGlite, real PostgreSQL compiled to WASM) shared by every service of
 * the process, each in its own schema. PGlite has a single session, so a caller leases it whole —
 * for a statement or a whole transaction — and others queue: a rollback in one service can then
 * never touch another's work. Clients speak the real `pg` protocol, so types parse as on a server.
 */
export class EmbeddedPostgres {
  private client: pg.Client | null = null;
  private currentSearchPath: string | null = null;
  private readonly mutex: MutexInterface;

  private constructor(readonly pglite: PGlite) {
    this.mutex = withTimeout(new Mutex(), LEASE_TIMEOUT_MS);
  }

  /**
   * `dataDir` is a folder (created if missing) or `memory://` for a throwaway database;
   * `loadDataDir`, a cluster from `dumpDataDir` to start from instead of a new one.
   */
  static async open(dataDir: string, loadDataDir?: Blob): Promise<EmbeddedPostgres> {
    if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
    // PGlite's default 160 MB of shared buffers is most of the embedded process's memory; the
    // embedded mode serves one team, and the operating system caches the data files anyway.
    const pglite = await PGlite.create({
      dataDir,
      loadDataDir,
      extensions: { pg_trgm },
      postgresqlconf: 'shared_buffers = 32MB\nwal_buffers = 1MB',
    });
    return new EmbeddedPostgres(pglite);
  }

  async lease(searchPath: string): Promise<Lease> {
    let unlock: MutexInterface.Releaser;
    try {
      unlock = await this.mutex.acquire();
    } catch (error) {
      if (error === E_TIMEOUT)
        throw new Error('The embedded database is busy; try again.', { cause: error });
      throw error;
    }
    try {
      const client = await this.connectedClient();
      if (this.currentSearchPath !== searchPath) {
        await client.query(`SET search_path TO ${searchPath}`);
        this.currentSearchPath = searchPath;
      }
      let released = false;
      return {
        client,
        release: (error?: unknown) => {
          if (released) return;
          released = true;
          if (error) this.dropClient();
          unlock();
        },
      };
    } catch (error) {
      this.dropClient();
      unlock();
      throw error;
    }
  }

  async close(): Promise<void> {
    const unlock = await this.mutex.acquire();
    try {
      await this.client?.end().catch(() => undefined);
      this.client = null;
      if (!this.pglite.closed) await this.pglite.close();
    } finally {
      unlock();
    }
  }

  private async connectedClient(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client(createPgConfig(this.pglite) as unknown as pg.ClientConfig);
    client.on('error', () => this.dropClient());
    await client.connect();
    this.client = client;
    this.currentSearchPath = null;
    return client;
  }

  private dropClient(): void {
    const client = this.client;
    this.client = null;
    this.currentSearchPath = null;
    client?.end().catch(() => undefined);
  }
}

type ConnectCallback = (
  error: Error | undefined,
  client?: pg.Client,
  release?: (error?: unknown) => void,
) => void;

/**
 * A stand-in for `pg` that TypeORM's postgres driver accepts as its `driver` option: its Pool
 * hands out leases of the embedded database under the service's own search_path.
 */
export function embeddedPgDriver(db: EmbeddedPostgres, searchPath: string): unknown {
  class LeasedPool {
    private ended = false;
    connect(callback: ConnectCallback): void {
      const leased = this.ended
        ? Promise.reject(new Error('The pool has been closed.'))
        : db.lease(searchPath);
      leased.then(
        (lease) => callback(undefined, lease.client, lease.release),
        (error: Error) => callback(error),
      );
    }
    /** pg's pool.query: one statement on a short lease (rate-limiter-flexible's typeorm store). */
    async query(...args: Parameters<pg.Client['query']>): Promise<unknown> {
      const lease = await db.lease(searchPath);
      try {
        return await (lease.client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      } finally {
        lease.release();
      }
    }
    on(): this {
      return this;
    }
    end(callback: (error?: Error) => void): void {
      this.ended = true;
      callback();
    }
  }
  return { Pool: LeasedPool, defaults: pg.defaults, types: pg.types };
}
