import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { createClient, type RedisClientType } from 'redis';

/**
 * A best-effort cache: a miss or an unreachable cache only costs a trip to the database, so
 * every failure reads as a miss and no call waits longer than a few hundred milliseconds.
 */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

/** In-process cache for the embedded mode; namespaces share one bounded store. */
export class MemoryCache implements Cache {
  constructor(
    private readonly store = new LRUCache<string, string>({ max: 50_000 }),
    private readonly namespace = '',
  ) {}

  withNamespace(namespace: string): MemoryCache {
    return new MemoryCache(this.store, `${this.namespace}${namespace}:`);
  }

  async get<T>(key: string): Promise<T | undefined> {
    const entry = this.store.get(this.namespace + key);
    return entry === undefined ? undefined : (JSON.parse(entry) as T);
  }

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    this.store.set(this.namespace + key, JSON.stringify(value), { ttl: ttlMs });
  }

  async delete(key: string): Promise<void> {
    this.store.delete(this.namespace + key);
  }

  async close(): Promise<void> {}
}

export class CacheUnavailableError extends Error {
  constructor() {
    super('The cache is unreachable.');
    this.name = 'CacheUnavailableError';
  }
}

export interface RedisCacheOptions {
  url: string;
  namespace: string;
  commandTimeoutMs?: number;
}

/**
 * Redis with the offline queue off and a per-command timeout: while Redis is away commands fail
 * at once (read as misses) instead of queueing, and the client reconnects in the background.
 */
export class RedisCache implements Cache {
  private readonly client: RedisClientType;
  private readonly timeoutMs: number;
  private connected = false;

  constructor(
    private readonly options: RedisCacheOptions,
    private readonly logger: Logger,
  ) {
    this.timeoutMs = options.commandTimeoutMs ?? 250;
    this.client = createClient({
      url: options.url,
      disableOfflineQueue: true,
      commandOptions: { timeout: this.timeoutMs },
      socket: {
        connectTimeout: 1_000,
        reconnectStrategy: (retries: number) => Math.min(2_000, 100 * (retries + 1)),
      },
    }) as RedisClientType;
    this.client.on('ready', () => {
      this.connected = true;
      this.logger.info('connected to Redis');
    });
    this.client.on('end', () => (this.connected = false));
    this.client.on('error', (error: unknown) => {
      if (this.connected)
        this.logger.warn(
          { err: error },
          'Redis connection lost; using the database until it is back',
        );
      this.connected = false;
    });
    this.client.connect().catch(() => undefined);
  }

  private key(key: string): string {
    return `${this.options.namespace}:${key}`;
  }

  /**
   * Every command is bounded by our own timer too: the client's command timeout does not end a
   * command already written to a connection that stopped answering (a network partition).
   */
  private bounded<T>(command: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CacheUnavailableError()), this.timeoutMs);
    });
    command.catch(() => undefined);
    return Promise.race([command, timeout]).finally(() => clearTimeout(timer));
  }

  async get<T>(key: string): Promise<T | undefined> {
    if (!this.connected) return undefined;
    try {
      const raw = await this.bounded(this.client.get(this.key(key)));
      return raw === null ? undefined : (JSON.parse(raw) as T);
    } catch {
      return undefined;
    }
  }

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    if (!this.connected) return;
    try {
      await this.bounded(
        this.client.set(this.key(key), JSON.stringify(value), {
          expiration: { type: 'PX', value: ttlMs },
        }),
      );
    } catch {
      // A cache that cannot be written is only a slower cache.
    }
  }

  /**
   * Unlike reads, a failed delete throws: an invalidation that did not happen must be retried
   * (the event carrying it is redelivered), or a stale entry would outlive the outage.
   */
  async delete(key: string): Promise<void> {
    if (!this.connected) throw new CacheUnavailableError();
    try {
      await this.bounded(this.client.del(this.key(key)));
    } catch {
      throw new CacheUnavailableError();
    }
  }

  async close(): Promise<void> {
    this.connected = false;
    await this.client.close().catch(() => undefined);
  }
}
