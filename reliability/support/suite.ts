import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { root } from './cluster.js';
import { checkConsistency, type ConsistencyReport } from './consistency.js';
import { FAULTS_PROFILE, waitForOutboxes, type FaultEnvironment } from './environment.js';
import { deadLetters, waitForDrain } from './jetstream.js';
import { Recorder } from './stats.js';
import { Workload } from './workload.js';

/** Durations of the two forms: the short one in CI, the long one on demand. */
export const DURATIONS = {
  ci: {
    baselineMs: 3_000,
    natsOutageMs: 10_000,
    redisOutageMs: 5_000,
    postgresOutageMs: 5_000,
    afterMs: 3_000,
    users: 6,
    thinkMs: 300,
    relayBurst: 300,
  },
  long: {
    baselineMs: 15_000,
    natsOutageMs: 60_000,
    redisOutageMs: 30_000,
    postgresOutageMs: 30_000,
    afterMs: 15_000,
    users: 12,
    thinkMs: 250,
    relayBurst: 1_000,
  },
}[FAULTS_PROFILE];

/** Shared by the cases of one fault suite run: the environment, its users, what they measured. */
export interface FaultSuite {
  env: FaultEnvironment;
  workload: Workload;
  recorder: Recorder;
  /** Numbers each case wants written down, by case name. */
  results: Record<string, unknown>;
}

export async function prepareSuite(env: FaultEnvironment): Promise<FaultSuite> {
  const recorder = new Recorder();
  try {
    const workload = await Workload.prepare({
      base: env.cluster.gatewayUrl,
      mailbox: env.cluster.mailbox,
      users: DURATIONS.users,
      thinkMs: DURATIONS.thinkMs,
      prefix: `faults${Date.now().toString(36)}`,
      recorder,
    });
    return { env, workload, recorder, results: {} };
  } catch (error) {
    // The processes' own account of it, since their log directory goes with the environment.
    const logs = env.cluster.services
      .map((s) => `---- ${s.name} ----\n${env.cluster.tail(s.name, 30)}`)
      .join('\n');
    throw new Error(`${(error as Error).message}\n${logs}`, { cause: error });
  }
}

/**
 * After a fault: every outbox empty, every consumer's backlog zero, no dead letter, and the data
 * consistent (users' acknowledged writes against svc-meetings, svc-meetings against the index).
 */
export async function settle(
  suite: FaultSuite,
  timeoutMs = 90_000,
): Promise<{ outboxMs: number; drainMs: number; deadLetters: number; report: ConsistencyReport }> {
  const outboxMs = await waitForOutboxes(suite.env, timeoutMs);
  const drain = await waitForDrain(suite.env.nats.url, undefined, timeoutMs);
  const report = await checkConsistency(suite.env.databaseUrl, suite.workload.model);
  return { outboxMs, drainMs: drain.ms, deadLetters: deadLetters(drain.states), report };
}

/** Puts everything back after a case, whether it passed or not, so the next one starts whole. */
export async function restore(suite: FaultSuite): Promise<void> {
  await suite.workload.stop();
  const { env } = suite;
  env.postgresProxy.pass();
  env.redisProxy.pass();
  if (!env.nats.running()) await env.nats.start();
  if (!env.redis.running()) await env.redis.start();
  if (!env.postgres.running()) await env.postgres.start();
  for (const service of env.cluster.services) if (!service.running()) await service.start();
}

export function writeFaultResults(suite: FaultSuite, startedAt: number): string {
  const dir = join(root, 'reliability', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `faults-${FAULTS_PROFILE}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        suite: 'faults',
        profile: FAULTS_PROFILE,
        finishedAt: new Date().toISOString(),
        durationSeconds: Math.round((Date.now() - startedAt) / 1000),
        machine: { cpus: 2, loadAverage: loadavg().map((n) => Math.round(n * 100) / 100) },
        durations: DURATIONS,
        cases: suite.results,
      },
      null,
      2,
    )}\n`,
  );
  return file;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
