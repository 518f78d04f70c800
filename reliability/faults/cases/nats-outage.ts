import { expect, it } from 'vitest';
import { signUp, type UserClient } from '../../support/client.js';
import { round, type Sample } from '../../support/stats.js';
import { DURATIONS, settle, sleep, type FaultSuite } from '../../support/suite.js';

/** Writes that svc-meetings serves on its own (the entitlement comes from its cache), ticks included. */
const MEETING_WRITES = new Set([
  'create',
  'rename',
  'add-agenda',
  'tick-agenda',
  'notes',
  'add-action',
  'edit-action',
  'share',
  'unshare',
  'delete',
  'tick-action',
]);
/** Ticks of shared actions: svc-meetings serves them too; a share revoked meanwhile is a fair 403. */
const SHARED_TICKS = new Set(['shared-tick']);

export function natsOutage(suite: () => FaultSuite): void {
  it(`NATS stopped ${DURATIONS.natsOutageMs / 1000} s under traffic: writes keep succeeding, every event is delivered once it is back, none twice, index and entitlements converge`, async () => {
    const { env, workload, recorder, results } = suite();
    const tag = Date.now().toString(36);
    // Someone who will drop to the free plan while NATS is away, with an entitlement cached.
    const downgrader = await signUp(
      env.cluster.gatewayUrl,
      env.cluster.mailbox,
      `downgrade-${tag}@faults.example.com`,
    );
    const first = await downgrader.call(
      'setup',
      'POST',
      '/api/meetings/create',
      { title: 'x' },
      {
        expect: [201],
      },
    );
    expect(first.status).toBe(201);

    workload.start();
    await sleep(DURATIONS.baselineMs);
    await env.nats.stop();
    const outageStart = Date.now();

    // People sign up meanwhile: svc-auth answers, their registration waits in its outbox.
    const newcomers: { email: string; ms: number; client: UserClient }[] = [];
    for (let i = 0; i < 3; i++) {
      const email = `newcomer-${tag}-${i}@faults.example.com`;
      const started = Date.now();
      const client = await signUp(env.cluster.gatewayUrl, env.cluster.mailbox, email, undefined, {
        onboard: false,
      });
      newcomers.push({ email, ms: Date.now() - started, client });
    }
    const downgrade = await downgrader.call('setup', 'POST', '/api/auth/update-subscription', {
      status: 'free',
    });
    expect(downgrade.status).toBe(200);
    const waiting = await env.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM auth.outbox_event WHERE published_at IS NULL`,
    );

    await sleep(Math.max(0, DURATIONS.natsOutageMs - (Date.now() - outageStart)));
    const outageEnd = Date.now();
    await env.nats.start();
    const back = Date.now();
    await sleep(DURATIONS.afterMs);
    await workload.stop();

    // Entitlements converge: the downgrade reaches svc-meetings and the free user is refused.
    let refusedAfterMs = -1;
    for (let waited = 0; waited < 60_000; waited += 250) {
      const attempt = await downgrader.call(
        'setup',
        'POST',
        '/api/meetings/create',
        { title: 'y' },
        {
          expect: [403],
        },
      );
      if (attempt.status === 403) {
        refusedAfterMs = Date.now() - back;
        break;
      }
      await sleep(250);
    }

    const settled = await settle(suite());
    const during = (filter: (s: Sample) => boolean) =>
      recorder.summary(outageStart, outageEnd, filter);
    const writes = during((s) => MEETING_WRITES.has(s.op));
    const reads = during(
      (s) => !MEETING_WRITES.has(s.op) && !SHARED_TICKS.has(s.op) && s.op !== 'sign-in',
    );
    const ticks = during((s) => SHARED_TICKS.has(s.op));
    const trials = await env.query<{ email: string; n: number }>(
      `SELECT u.email, count(o.id)::int AS n FROM auth.app_user u
       LEFT JOIN subscription.outbox_event o
         ON o.subject = 'subscription.changed' AND o.body->'data'->>'userId' = u.id::text
       WHERE u.email = ANY($1) GROUP BY u.email`,
      [newcomers.map((n) => n.email)],
    );

    results.natsOutage = {
      outageSeconds: round((outageEnd - outageStart) / 1000),
      writesDuringOutage: writes,
      readsDuringOutage: reads,
      sharedTicksDuringOutage: ticks,
      signUpsDuringOutageMs: newcomers.map((n) => n.ms),
      eventsWaitingInAuthOutbox: waiting[0]!.n,
      outboxesEmptyAfterMs: settled.outboxMs + DURATIONS.afterMs,
      consumersDrainedAfterMs: settled.drainMs,
      downgradeEnforcedAfterNatsBackMs: refusedAfterMs,
      deadLetters: settled.deadLetters,
      consistency: settled.report,
    };

    for (const n of newcomers) expect(n.ms).toBeLessThan(5_000);
    expect(waiting[0]!.n).toBeGreaterThanOrEqual(newcomers.length);
    expect(writes.requests).toBeGreaterThan(0);
    expect(
      Object.keys(writes.byStatus).filter((s) => s !== '200' && s !== '201'),
      `writes to svc-meetings during the outage: ${JSON.stringify(writes.byStatus)}`,
    ).toEqual([]);
    expect(writes.failures).toBe(0);
    expect(reads.failures).toBe(0);
    expect(ticks.failures, JSON.stringify(ticks.byStatus)).toBe(0);
    expect(refusedAfterMs).toBeGreaterThanOrEqual(0);
    // One trial each, however the registration was delivered.
    expect(trials.map((t) => t.n)).toEqual(newcomers.map(() => 1));
    expect(settled.deadLetters).toBe(0);
    expect(settled.report.problems).toEqual([]);
  });
}
