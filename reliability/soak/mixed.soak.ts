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
import { median, Recorder, round } from '../support/stats.js';
import { Workload } from '../support/workload.js';

// A mixed workload of many simulated users against the distributed mode (one process per service
// and the gateway) on its own PostgreSQL, NATS JetStream and Redis. The long form runs 15 minutes
// and holds the targets; SOAK_PROFILE=ci runs a short form in CI that proves the harness and the
// invariants that do not depend on the length (no loss, drained backlog, consistent data).
const PROFILE: 'ci' | 'long' = process.env.SOAK_PROFILE === 'ci' ? 'ci' : 'long';
const FORM = {
  ci: { durationMs: 60_000, warmupMs: 15_000, users: 16, thinkMs: 400, sampleEveryMs: 3_000 },
  long: {
    durationMs: 15 * 60_000,
    warmupMs: 120_000,
    users: 40,
    thinkMs: 400,
    sampleEveryMs: 5_000,
  },
}[PROFILE];
const TARGETS = { errorRate: 0.001, p99Ms: 850, memoryGrowth: 0.1, drainMs: 60_000 };

interface MemorySample {
  atSeconds: number;
  rssMb: Record<string, number>;
  heapMb: Record<string, number>;
}

async function sampleMemory(services: readonly ServiceProcess[], atSeconds: number) {
  const heaps = await Promise.all(services.map((s) => s.heapUsedBytes()));
  const mb = (bytes: number | undefined) => round((bytes ?? 0) / 2 ** 20);
  return {
    atSeconds,
    rssMb: Object.fromEntries(services.map((s) => [s.name, mb(s.rssBytes())])),
    heapMb: Object.fromEntries(services.map((s, i) => [s.name, mb(heaps[i])])),
  } satisfies MemorySample;
}

/**
 * Memory growth over the steady state, per process: the first window after the warm-up against the
 * last window of the run. A single reading swings by tens of megabytes with every collection, so
 * each window is summarised: the live heap as the lowest heap-in-use seen (what is left after
 * collections, the figure a leak makes grow), the resident set as its median.
 */
function memoryGrowth(
  samples: readonly MemorySample[],
  fromSeconds: number,
  windowSeconds: number,
) {
  const last = samples.at(-1)?.atSeconds ?? 0;
  const early = samples.filter(
    (s) => s.atSeconds >= fromSeconds && s.atSeconds < fromSeconds + windowSeconds,
  );
  const late = samples.filter((s) => s.atSeconds > last - windowSeconds);
  const names = Object.keys(samples[0]?.rssMb ?? {});
  const summary = (window: readonly MemorySample[]) =>
    Object.fromEntries(
      names.map((name) => [
        name,
        {
          liveHeapMb: round(Math.min(...window.map((s) => s.heapMb[name]!))),
          rssMb: round(median(window.map((s) => s.rssMb[name]!))),
        },
      ]),
    );
  const start = summary(early);
  const end = summary(late);
  const change = (a: number, b: number) => round((b - a) / a, 3);
  return {
    windows: { early: early.length, late: late.length, seconds: windowSeconds },
    start,
    end,
    liveHeapGrowth: Object.fromEntries(
      names.map((n) => [n, change(start[n]!.liveHeapMb, end[n]!.liveHeapMb)]),
    ),
    rssGrowth: Object.fromEntries(names.map((n) => [n, change(start[n]!.rssMb, end[n]!.rssMb)])),
  };
}

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
    const memorySamples: MemorySample[] = [];
    while (Date.now() - started < FORM.durationMs) {
      await new Promise((r) => setTimeout(r, FORM.sampleEveryMs));
      memorySamples.push(
        await sampleMemory(e.cluster.services, Math.round((Date.now() - started) / 1000)),
      );
    }
    await workload.stop();
    const stoppedAt = Date.now();

    // After the load: outboxes published, every consumer caught up, nothing dead-lettered.
    const outboxMs = await waitForOutboxes(e, TARGETS.drainMs);
    const drain = await waitForDrain(e.nats.url, undefined, TARGETS.drainMs);
    const drainedMs = Date.now() - stoppedAt;
    const report = await checkConsistency(e.databaseUrl, workload.model);

    const measured = recorder.summary(started + FORM.warmupMs, stoppedAt);
    const memory = memoryGrowth(
      memorySamples,
      FORM.warmupMs / 1000,
      (FORM.durationMs - FORM.warmupMs) / 4000,
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
      memory: { ...memory, samples: memorySamples },
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
      `soak ${PROFILE}: ${measured.requests} requests, error rate ${measured.errorRate}, p50 ${measured.p50} ms, p99 ${measured.p99} ms, ${measured.throughput}/s; live heap growth ${JSON.stringify(memory.liveHeapGrowth)}, resident set growth ${JSON.stringify(memory.rssGrowth)}; backlog zero after ${drainedMs} ms`,
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
      for (const [name, value] of Object.entries(memory.liveHeapGrowth))
        expect(value, `live heap growth of ${name}`).toBeLessThan(TARGETS.memoryGrowth);
      for (const [name, value] of Object.entries(memory.rssGrowth))
        expect(value, `resident set growth of ${name}`).toBeLessThan(TARGETS.memoryGrowth);
    }
  });
});
