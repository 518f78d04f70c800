import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { signUp } from '../../support/client.js';
import { round } from '../../support/stats.js';
import { DURATIONS, settle, sleep, type FaultSuite } from '../../support/suite.js';

/** Keys in the private Redis (the services' cache entries). */
function redisKeys(port: number): number {
  return Number(
    execFileSync('redis-cli', ['-p', String(port), 'dbsize'])
      .toString()
      .trim(),
  );
}

export function redisOutage(suite: () => FaultSuite): void {
  it(`Redis stopped ${DURATIONS.redisOutageMs / 1000} s, then partitioned: requests fall back to the database within their timeouts, no hang; the cache is used again after`, async () => {
    const { env, workload, recorder, results } = suite();
    const tag = Date.now().toString(36);
    const upgrader = await signUp(
      env.cluster.gatewayUrl,
      env.cluster.mailbox,
      `redis-upgrade-${tag}@faults.example.com`,
    );

    workload.start();
    const baselineStart = Date.now();
    await sleep(DURATIONS.baselineMs);
    const baseline = recorder.summary(baselineStart, Date.now());
    expect(redisKeys(env.redis.port)).toBeGreaterThan(0);

    // 1. The server stops: connections refused, every command fails at once.
    await env.redis.stop('kill');
    const stopStart = Date.now();
    // A plan changes meanwhile: svc-meetings must drop its cached entitlement once it can.
    const upgrade = await upgrader.call('setup', 'POST', '/api/auth/update-subscription', {
      status: 'paid',
    });
    expect(upgrade.status).toBe(200);
    await sleep(DURATIONS.redisOutageMs);
    const stopEnd = Date.now();
    await env.redis.start();

    // 2. A partition: the connection stays open and nothing answers (commands time out).
    await sleep(2_000);
    env.redisProxy.blackhole();
    const partitionStart = Date.now();
    await sleep(DURATIONS.redisOutageMs);
    const partitionEnd = Date.now();
    env.redisProxy.pass();

    await sleep(DURATIONS.afterMs);
    const afterStart = Date.now() - DURATIONS.afterMs / 2;
    await workload.stop();
    const keysAfter = redisKeys(env.redis.port);
    const settled = await settle(suite());

    const stopped = recorder.summary(stopStart, stopEnd);
    const partitioned = recorder.summary(partitionStart, partitionEnd);
    const after = recorder.summary(afterStart, Date.now());
    results.redisOutage = {
      baseline,
      redisStopped: { seconds: round((stopEnd - stopStart) / 1000), ...stopped },
      redisPartitioned: { seconds: round((partitionEnd - partitionStart) / 1000), ...partitioned },
      redisPartitionedByOperation: recorder.byOp(partitionStart, partitionEnd),
      slowestWhilePartitioned: recorder
        .window(partitionStart, partitionEnd)
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5)
        .map((s) => ({ op: s.op, status: s.status, ms: round(s.ms) })),
      afterRecovery: after,
      cacheKeysAfterRecovery: keysAfter,
      deadLetters: settled.deadLetters,
      consistency: settled.report,
    };

    for (const [name, window] of [
      ['stopped', stopped],
      ['partitioned', partitioned],
    ] as const) {
      expect(window.requests, name).toBeGreaterThan(0);
      expect(window.failures, `${name}: ${JSON.stringify(window.byStatus)}`).toBe(0);
      // 250 ms per cache command at most, a few commands per request: no request waits for Redis.
      expect(window.max, name).toBeLessThan(3_000);
    }
    expect(after.failures).toBe(0);
    // Back in use: entries are written again (the restarted server started empty).
    expect(keysAfter).toBeGreaterThan(0);
    expect(settled.deadLetters).toBe(0);
    expect(settled.report.problems).toEqual([]);
  });
}
