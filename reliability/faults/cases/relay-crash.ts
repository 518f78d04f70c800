import { expect, it } from 'vitest';
import { jetStreamState } from '../../support/jetstream.js';
import { DURATIONS, settle, sleep, type FaultSuite } from '../../support/suite.js';
import type { OpName } from '../../support/workload.js';

const BURST_OPS: OpName[] = ['add-action', 'rename', 'notes', 'add-agenda', 'create'];

export function relayCrash(suite: () => FaultSuite): void {
  it(`svc-meetings killed (kill -9) while its relay publishes a burst of ${DURATIONS.relayBurst} events: after a restart nothing is lost and nothing applied twice`, async () => {
    const { env, workload, results } = suite();
    const meetings = env.cluster.processes['svc-meetings'];
    const publishedSince = (seq: string) =>
      env.query<{ published: number }>(
        `SELECT count(*) FILTER (WHERE published_at IS NOT NULL)::int AS published
         FROM meetings.outbox_event WHERE seq > $1`,
        [seq],
      );
    const { seq: lastSeq } = one(
      await env.query<{ seq: string }>(
        `SELECT coalesce(max(seq), 0)::text AS seq FROM meetings.outbox_event`,
      ),
    );

    // The burst waits in the outbox while NATS is away, then goes out in one rush.
    await env.nats.stop();
    const burstStart = Date.now();
    const burst = async () => {
      for (;;) {
        if (Date.now() - burstStart > 120_000) throw new Error('the burst did not fill the outbox');
        const { n } = one(
          await env.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM meetings.outbox_event WHERE seq > $1`,
            [lastSeq],
          ),
        );
        if (n >= DURATIONS.relayBurst) return n;
        await Promise.all(
          workload.clients.map((_, user) =>
            workload.perform(user, BURST_OPS[Math.floor(Math.random() * BURST_OPS.length)]!),
          ),
        );
      }
    };
    let total: number;
    try {
      total = await burst();
    } finally {
      await env.nats.start();
    }

    // Kill it once some, not all, of the burst is on the bus.
    let publishedAtKill = -1;
    const watchStart = Date.now();
    while (Date.now() - watchStart < 90_000) {
      const { published } = one(await publishedSince(lastSeq));
      if (published > 0) {
        await meetings.kill('SIGKILL');
        publishedAtKill = published;
        break;
      }
      await sleep(5);
    }
    const relayStartedAfterMs = Date.now() - watchStart;
    const { published: reallyPublished } = one(await publishedSince(lastSeq));

    const restartStart = Date.now();
    await meetings.start();
    const settled = await settle(suite());
    const completedAfterRestartMs = Date.now() - restartStart;
    const { events } = one(
      await env.query<{ events: number }>(
        `SELECT count(*)::int AS events FROM meetings.outbox_event`,
      ),
    );
    const stream = (await jetStreamState(env.nats.url)).find((s) => s.stream === 'MEETINGS');

    results.relayCrash = {
      burstEvents: total,
      relayStartedAfterNatsBackMs: relayStartedAfterMs,
      publishedWhenKilled: reallyPublished,
      completedAfterRestartMs,
      outboxEvents: events,
      streamMessages: stream?.messages,
      consistency: settled.report,
    };

    expect(publishedAtKill, 'the kill came before the relay started').toBeGreaterThan(0);
    expect(reallyPublished, 'the kill came after the relay finished').toBeLessThan(total);
    // Every event on the bus once: the stream holds one message per outbox row.
    expect(stream?.messages).toBe(events);
    expect(settled.deadLetters).toBe(0);
    expect(settled.report.problems).toEqual([]);
    expect(settled.report.inbox['svc-actions.index']!.missing).toBe(0);
  });
}

function one<T>(rows: T[]): T {
  if (!rows[0]) throw new Error('no row');
  return rows[0];
}
