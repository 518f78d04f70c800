import { expect, it } from 'vitest';
import type { ServiceProcess } from '../../support/cluster.js';
import { round, summarise, type Sample } from '../../support/stats.js';
import { DURATIONS, settle, sleep, type FaultSuite } from '../../support/suite.js';

interface ReadinessTrace {
  firstNotReadyMs: number;
  readyAgainMs: number;
}

/** Polls each service's /readyz: when it first said 503 and when 200 again (ms from `t0`). */
function traceReadiness(services: ServiceProcess[], t0: number, until: () => boolean) {
  const traces = new Map<string, ReadinessTrace>(
    services.map((s) => [s.name, { firstNotReadyMs: -1, readyAgainMs: -1 }]),
  );
  const done = Promise.all(
    services.map(async (service) => {
      const trace = traces.get(service.name)!;
      while (!until() || trace.readyAgainMs < 0) {
        let status: number;
        try {
          status = (
            await fetch(`${service.managementUrl}/readyz`, { signal: AbortSignal.timeout(3_000) })
          ).status;
        } catch {
          status = 0;
        }
        const at = Date.now() - t0;
        if (status !== 200 && trace.firstNotReadyMs < 0) trace.firstNotReadyMs = at;
        if (status === 200 && trace.firstNotReadyMs >= 0 && trace.readyAgainMs < 0)
          trace.readyAgainMs = at;
        if (Date.now() - t0 > 180_000) return;
        await sleep(200);
      }
    }),
  );
  return { traces, done };
}

/** One request at a time against a route that needs the database, for as long as `until` says. */
async function probeLoop(base: string, cookie: string, path: string, until: () => boolean) {
  const samples: Sample[] = [];
  const answers = new Map<string, number>();
  while (!until()) {
    const at = Date.now();
    const t0 = performance.now();
    let status = 0;
    let code: string;
    try {
      const response = await fetch(`${base}${path}`, {
        headers: { cookie },
        signal: AbortSignal.timeout(60_000),
      });
      status = response.status;
      const body = (await response.json().catch(() => null)) as { code?: string } | null;
      code = body === null ? 'not JSON' : (body.code ?? 'ok');
    } catch (error) {
      code = (error as Error).name;
    }
    samples.push({ op: 'probe', status, ms: performance.now() - t0, at, failed: false });
    const key = `${status} ${code}`;
    answers.set(key, (answers.get(key) ?? 0) + 1);
    await sleep(100);
  }
  return { samples, answers };
}

export function postgresRestart(suite: () => FaultSuite): void {
  it(`PostgreSQL restarted (down ${DURATIONS.postgresOutageMs / 1000} s) under traffic: readiness goes 503 then 200, requests meanwhile answer 503/504 JSON and never hang, services reconnect`, async () => {
    const { env, workload, recorder, results } = suite();
    const services = env.cluster.services.filter((s) => s.name !== 'gateway');
    const cookie = workload.clients[0]!.cookie;
    workload.start();
    await sleep(DURATIONS.baselineMs);

    const t0 = Date.now();
    let restarted = false;
    const readiness = traceReadiness(services, t0, () => restarted);
    const probes = probeLoop(
      env.cluster.gatewayUrl,
      cookie,
      '/api/meetings?page=1',
      () => restarted,
    );
    await env.postgres.stop('graceful');
    await sleep(DURATIONS.postgresOutageMs);
    const downFor = Date.now() - t0;
    await env.postgres.start();
    const upAt = Date.now();
    restarted = true;
    await readiness.done;
    const probed = await probes;
    await sleep(DURATIONS.afterMs);
    const afterStart = Date.now() - DURATIONS.afterMs / 2;
    await workload.stop();
    const settled = await settle(suite());

    const outage = recorder.summary(t0, upAt);
    const after = recorder.summary(afterStart, Date.now());
    const outageAnswers = probed.samples.filter((s) => s.at >= t0 && s.at < upAt);
    results.postgresRestart = {
      downSeconds: round(downFor / 1000),
      readiness: Object.fromEntries(readiness.traces),
      gatewayAnswersWhileDown: Object.fromEntries(probed.answers),
      probeLatencyWhileDown: summarise(outageAnswers),
      workloadWhileDown: outage,
      workloadAfter: after,
      deadLetters: settled.deadLetters,
      consistency: settled.report,
    };

    for (const [name, trace] of readiness.traces) {
      expect(trace.firstNotReadyMs, `${name} never reported not ready`).toBeGreaterThanOrEqual(0);
      expect(trace.readyAgainMs - (upAt - t0), `${name} ready again`).toBeLessThan(15_000);
    }
    for (const answer of probed.answers.keys())
      expect(answer).toMatch(/^(200 ok|503 [A-Z_]+|504 [A-Z_]+)$/);
    expect([...probed.answers.keys()].some((a) => /^50[34] /.test(a))).toBe(true);
    // Every answer inside the request timeout (10 s) and a little: nothing hangs.
    expect(summarise(outageAnswers).max).toBeLessThan(12_000);
    for (const status of Object.keys(outage.byStatus))
      expect(['200', '201', '503', '504']).toContain(status);
    expect(after.failures, JSON.stringify(after.byStatus)).toBe(0);
    expect(settled.deadLetters).toBe(0);
    expect(settled.report.problems).toEqual([]);
  });
}
