import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startFaultProxy, type FaultProxy } from '@meetings/testing/services';
import { CacheUnavailableError, RedisCache } from './cache.js';

// Redis behind a fault proxy: whatever the network does, no cache call outlasts its timeout.
describe('RedisCache when Redis stops answering', () => {
  const url = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  let proxy: FaultProxy;
  let cache: RedisCache;

  beforeAll(async () => {
    proxy = await startFaultProxy({ host: url.hostname, port: Number(url.port || 6379) });
    cache = new RedisCache(
      {
        url: `redis://127.0.0.1:${proxy.port}`,
        namespace: `test-${randomUUID().slice(0, 8)}`,
        commandTimeoutMs: 200,
      },
      pino({ level: 'silent' }),
    );
    // Connected once a write can be read back.
    await eventually(async () => {
      await cache.set('k', { v: 1 }, 10_000);
      return (await cache.get('k')) !== undefined;
    }, 5_000);
  });
  afterAll(async () => {
    proxy.pass();
    await cache.close();
    await proxy.close();
  });

  it('answers a miss, skips the write and refuses the delete within the timeout during a partition', async () => {
    expect(await cache.get('k')).toEqual({ v: 1 });
    proxy.blackhole();
    try {
      let started = performance.now();
      expect(await cache.get('k')).toBeUndefined();
      expect(performance.now() - started).toBeLessThan(1_000);
      started = performance.now();
      await cache.set('k', { v: 2 }, 10_000);
      expect(performance.now() - started).toBeLessThan(1_000);
      started = performance.now();
      await expect(cache.delete('k')).rejects.toBeInstanceOf(CacheUnavailableError);
      expect(performance.now() - started).toBeLessThan(1_000);
    } finally {
      proxy.pass();
    }
  });
});
