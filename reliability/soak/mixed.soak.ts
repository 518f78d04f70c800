import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, type ServiceProcess } from '../support/cluster.js';
import { checkConsistency } from '../support/consistency.js';
import {
  startFaultEnvironment,
  waitForOutboxes,
  type FaultEnvironment,
} from '../support/environment.js';
import { deadLetters, waitForDrain } from '../support/jetstream.js';
import { Recorder, round } from '../support/stats.js';
import { Workload } from '../support/workload.js';

// A mixed workload of many simulated users against the distributed mode (one process per service
// and the gateway) on its own PostgreSQL, NATS JetStream and Redis. The long form runs 15 minutes
// and holds the targets; SOAK_PROFILE=ci runs a short form in CI that proves the harness and the
// invariants that do not depend on the length (no loss, drained backlog, consistent data).
const PROFILE: 'ci' | 'long' = process.env.SOAK_PROFILE === 'ci' ? 'ci' : 'long';
const FORM = {
  ci: { durationMs: 60_000, warmupMs: 15_000, users: 16, thinkMs: 400 },
  long: { durationMs: 15 * 60_000, warmupMs: 120_000, users: 40, thinkMs: 400 },
}[PROFILE];
const TARGETS = { errorRate: 0.001, p99Ms: 850, memoryGrowth: 0.1, drainMs: 60_000 };

const memoryOf = (services: readonly ServiceProcess[]) =>
  Object.fromEntries(services.map((s) => [s.name, s.rssBytes() ?? 0]));

let env: FaultEnvironment | undefined;

beforeAll(async () => {
  env = await startFaultEnvironment();
});

afterAll(async () => {
  await env?.close();
});

describe(`soak (${PROFILE} form: ${FORM.durationMs / 60_000} min, ${FORM.users} users)`, () => {
  it('keeps errors, latency, memory and the event backlog within bounds and loses nothing', async () => {
    const e = env!;
    const recorder = new Recorder();
    const workload = await Workload.prepare({
      base: e.cluster.gatewayUrl,
      mailbox: e.cluster.mailbox,
      users: FORM.users,
      thinkMs: FORM.thinkMs,
      prefix: `soak${Date.now().toString(36)}`,
      recorder,
      maxMeetingsPerUser: 40,
    });
    const started = Date.now();
    workload.start();
    await new Promise((r) => setTimeout(r, FORM.warmupMs));
    const warm = memoryOf(e.cluster.services);
    const memorySamples: { atSeconds: number; rssMb: Record<string, number> }[] = [];
    const sampleEvery = Math.max(5_000, (FORM.durationMs - FORM.warmupMs) / 30);
    while (Date.now() - started < FORM.durationMs) {
      await new Promise((r) => setTimeout(r, sampleEvery));
      const now = memoryOf(e.cluster.services);
      memorySamples.push({
        atSeconds: Math.round((Date.now() - started) / 1000),
        rssMb: Object.fromEntries(Object.entries(now).map(([k, v]) => [k, round(v / 2 ** 20)])),
      });
    }
    const end = memoryOf(e.cluster.services);
    await workload.stop();
    const stoppedAt = Date.now();

    // After the load: outboxes published, every consumer caught up, nothing dead-lettered.
    const outboxMs = await waitForOutboxes(e, TARGETS.drainMs);
    const drain = await waitForDrain(e.nats.url, undefined, TARGETS.drainMs);
    const drainedMs = Date.now() - stoppedAt;
    const report = await checkConsistency(e.databaseUrl, workload.model);

    const measured = recorder.summary(started + FORM.warmupMs, stoppedAt);
    const growth = Object.fromEntries(
      Object.keys(warm).map((name) => [name, round((end[name]! - warm[name]!) / warm[name]!, 3)]),
    );
    const results = {
      suite: 'soak',
      profile: PROFILE,
      finishedAt: new Date().toISOString(),
      machine: { cpus: 2, loadAverage: loadavg().map((n) => round(n, 2)) },
      form: FORM,
      targets: TARGETS,
      overall: measured,
      byOperation: recorder.byOp(started + FORM.warmupMs, stoppedAt),
      writes: {
        acknowledged: workload.model.acknowledgedWrites,
        unanswered: workload.model.unansweredWrites,
      },
      memory: {
        warmMb: Object.fromEntries(Object.entries(warm).map(([k, v]) => [k, round(v / 2 ** 20)])),
        endMb: Object.fromEntries(Object.entries(end).map(([k, v]) => [k, round(v / 2 ** 20)])),
        growth,
        samples: memorySamples,
      },
      afterLoad: {
        outboxEmptyMs: outboxMs,
        backlogZeroMs: drainedMs,
        deadLetters: deadLetters(drain.states),
      },
      consistency: report,
    };
    const dir = join(root, 'reliability', 'results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `soak-${PROFILE}.json`), `${JSON.stringify(results, null, 2)}\n`);
    console.log(
      `soak ${PROFILE}: ${measured.requests} requests, error rate ${measured.errorRate}, p50 ${measured.p50} ms, p99 ${measured.p99} ms, ${measured.throughput}/s; memory growth ${JSON.stringify(growth)}; backlog zero after ${drainedMs} ms`,
    );

    // Invariants of every form.
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    expect(deadLetters(drain.states)).toBe(0);
    expect(drainedMs).toBeLessThan(TARGETS.drainMs);
    expect(measured.requests).toBeGreaterThan(FORM.users * 10);
    expect(measured.errorRate).toBeLessThan(TARGETS.errorRate);
    // Length-dependent targets: only the long form runs long enough for them to mean anything.
    if (PROFILE === 'long') {
      expect(measured.p99).toBeLessThan(TARGETS.p99Ms);
      for (const [name, value] of Object.entries(growth))
        expect(value, `memory growth of ${name}`).toBeLessThan(TARGETS.memoryGrowth);
    }
  });
});
