import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { MemoryCache, RedisCache } from './cache/cache.js';
import { loadConfig, ServiceEnvSchema } from './config/config.js';
import { InProcessBus } from './messaging/in-process-bus.js';
import { provideInfrastructure, type SharedRuntime } from './runtime.js';

const logger = pino({ level: 'silent' });
// Nothing listens on port 1: a service that tried to reach this Redis would log errors forever.
const env = loadConfig(ServiceEnvSchema, { PORT: '0', REDIS_URL: 'redis://127.0.0.1:1' });
const shared = (): SharedRuntime => ({
  bus: new InProcessBus(logger),
  memoryCache: new MemoryCache(),
  embeddedDb: {} as SharedRuntime['embeddedDb'],
});

describe('provideInfrastructure: the cache', () => {
  it('gives a service that keeps no cache none, and no Redis connection, whatever REDIS_URL says', async () => {
    const infra = await provideInfrastructure('svc-auth', env, shared(), logger);
    expect(infra.cache).toBeUndefined();
    await infra.release();
  });

  it('gives a service that keeps one Redis from REDIS_URL', async () => {
    const infra = await provideInfrastructure('svc-meetings', env, shared(), logger, true);
    expect(infra.cache).toBeInstanceOf(RedisCache);
    await infra.release();
  });

  it('gives it the shared memory cache under its own namespace without REDIS_URL', async () => {
    const runtime = shared();
    const noRedis = { ...env, REDIS_URL: undefined };
    const a = await provideInfrastructure('svc-a', noRedis, runtime, logger, true);
    const b = await provideInfrastructure('svc-b', noRedis, runtime, logger, true);
    await a.cache?.set('key', 'a', 10_000);
    expect(await a.cache?.get('key')).toBe('a');
    expect(await b.cache?.get('key')).toBeUndefined();
  });
});
