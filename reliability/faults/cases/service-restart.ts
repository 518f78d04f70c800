import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { appBadge, launchBrowser, openFaultPage, signInInBrowser } from '../../support/browser.js';
import type { Answer } from '../../support/client.js';
import { round, summarise, type Sample } from '../../support/stats.js';
import { DURATIONS, settle, sleep, type FaultSuite } from '../../support/suite.js';

const MEETINGS_ROUTES =
  /^(list|search-meetings|open|create|rename|add-agenda|tick-agenda|notes|add-action|edit-action|share|unshare|shared-open|previous-actions|delete|tick-action|shared-tick)$/;

/** Asks the gateway for a meetings route while svc-meetings is down: status, time, body code. */
async function probe(base: string, cookie: string, count: number) {
  const samples: Sample[] = [];
  const codes = new Set<string>();
  for (let i = 0; i < count; i++) {
    const at = Date.now();
    const t0 = performance.now();
    const response = await fetch(`${base}/api/meetings?page=1`, { headers: { cookie } });
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    samples.push({
      op: 'probe',
      status: response.status,
      ms: performance.now() - t0,
      at,
      failed: false,
    });
    codes.add(`${response.status} ${body.code ?? response.headers.get('content-type')}`);
  }
  return { summary: summarise(samples), answers: [...codes] };
}

function isAcceptedWhileDown(s: Sample): boolean {
  return [200, 201, 502, 503].includes(s.status);
}

export function serviceRestart(suite: () => FaultSuite): void {
  it('svc-meetings killed (kill -9) under traffic: the gateway answers 503 at once, acknowledged writes survive, it serves again after a restart', async () => {
    const { env, workload, recorder, results } = suite();
    const meetings = env.cluster.processes['svc-meetings'];
    workload.start();
    await sleep(DURATIONS.baselineMs);

    const killedAt = Date.now();
    await meetings.kill('SIGKILL');
    const goneAt = Date.now();
    const down = await probe(env.cluster.gatewayUrl, workload.clients[0]!.cookie, 50);
    const restartStart = Date.now();
    await meetings.start();
    const restartMs = Date.now() - restartStart;
    const upAt = Date.now();
    await sleep(DURATIONS.afterMs);
    await workload.stop();
    const settled = await settle(suite());

    const outage = recorder.summary(killedAt, upAt, (s) => MEETINGS_ROUTES.test(s.op));
    const others = recorder.summary(killedAt, upAt, (s) => !MEETINGS_ROUTES.test(s.op));
    const inFlight = recorder.samples.filter(
      (s) => s.at < killedAt && s.at + s.ms > killedAt && MEETINGS_ROUTES.test(s.op),
    );
    results.serviceKilled = {
      gatewayWhileDown: down,
      restartSeconds: round(restartMs / 1000),
      meetingsRoutesWhileDown: outage,
      otherRoutesWhileDown: others,
      requestsInFlightAtKill: inFlight.map((s) => ({ op: s.op, status: s.status })),
      uncertainWrites: workload.model.unansweredWrites,
      deadLetters: settled.deadLetters,
      consistency: settled.report,
    };

    expect(down.answers).toEqual(['503 UPSTREAM_UNAVAILABLE']);
    expect(down.summary.p99).toBeLessThan(250);
    // Only 503s while it was down, or 502/503 for the requests the kill cut short.
    const unexpected = recorder
      .window(killedAt, upAt, (s) => MEETINGS_ROUTES.test(s.op))
      .filter((s) => !isAcceptedWhileDown(s))
      .map((s) => ({ op: s.op, status: s.status, ms: s.ms, startedAfterKillMs: s.at - killedAt }));
    expect(unexpected, `process gone ${goneAt - killedAt} ms after the kill`).toEqual([]);
    expect(others.failures, JSON.stringify(others.byStatus)).toBe(0);
    expect(settled.deadLetters).toBe(0);
    expect(settled.report.problems).toEqual([]);
  });

  it('svc-meetings stopped gracefully (SIGTERM) under traffic: requests it had accepted finish', async () => {
    const { env, workload, results } = suite();
    const meetings = env.cluster.processes['svc-meetings'];
    workload.start();
    await sleep(DURATIONS.baselineMs);

    // Requests svc-meetings has certainly accepted when the signal comes: with each database
    // round trip 120 ms late, a write sent 800 ms before the signal is still being handled (a
    // write is about ten round trips). Both kinds of tick: the meeting page's agenda ticks and
    // the actions page's action ticks. The simulated users pause meanwhile, so the burst does not
    // queue behind them for a database connection.
    await workload.stop();
    const targets = [];
    for (let i = 0; i < 4; i++) {
      const m = await workload.meetingWithItems(i);
      if (m) targets.push({ m, client: workload.clients[i]! });
    }
    const burst: Promise<Answer>[] = [];
    env.postgresProxy.delay(60);
    for (const { m, client } of targets) {
      const [agendaItem] = m.agenda.values();
      const [action] = m.actions.values();
      burst.push(
        client.call(
          'graceful-agenda',
          'PUT',
          `/api/meetings/${m.id}/update-agenda-item/${agendaItem!.id}`,
          { completed: true },
        ),
      );
      burst.push(
        client.call('graceful-tick', 'PUT', `/api/actions/${m.id}/action/${action!.id}/status`, {
          completed: true,
        }),
      );
    }
    await sleep(800);
    const signalAt = Date.now();
    const stopStart = performance.now();
    const stopped = meetings.kill('SIGTERM');
    const answers = await Promise.all(burst);
    // The database is quick again for the rest of the shutdown (the outbox, the pool).
    env.postgresProxy.pass();
    await stopped;
    const stopMs = performance.now() - stopStart;
    await meetings.start();
    workload.start();
    await sleep(DURATIONS.afterMs);
    await workload.stop();
    const settled = await settle(suite());

    const inFlightAtSignal = answers.filter((a) => a.endedAt > signalAt);
    results.serviceStopped = {
      shutdownSeconds: round(stopMs / 1000),
      burst: answers.length,
      inFlightAtSignal: inFlightAtSignal.length,
      answers: Object.fromEntries(
        [...new Set(answers.map((a) => a.status))].map((status) => [
          status,
          answers.filter((a) => a.status === status).length,
        ]),
      ),
      consistency: settled.report,
    };
    expect(burst.length).toBeGreaterThanOrEqual(4);
    // Both doors had work in progress at the signal.
    expect(inFlightAtSignal.map((a) => a.op).sort()).toEqual(
      expect.arrayContaining(['graceful-agenda', 'graceful-tick']),
    );
    expect(
      answers.filter((a) => !a.ok).map((a) => `${a.status} ${a.text}`),
      'accepted requests that did not finish',
    ).toEqual([]);
    expect(settled.report.problems).toEqual([]);
  });

  it('svc-meetings down: the shell shows the error on the meeting page and keeps working; Try again loads it once it is back', async () => {
    const { env, results } = suite();
    const meetings = env.cluster.processes['svc-meetings'];
    let browser: Browser | undefined;
    try {
      browser = await launchBrowser();
      const { page, context, crashes } = await openFaultPage(browser, env.cluster.gatewayUrl);
      await signInInBrowser(
        page,
        env.cluster.mailbox,
        `shell-${Date.now().toString(36)}@faults.example.com`,
      );
      const created = await page.request.post('/api/meetings/create', {
        data: { title: 'Weekly fault review' },
      });
      const { meeting } = (await created.json()) as { meeting: { id: string } };
      await page.goto(`/app/meetings/${meeting.id}`);
      await page.getByRole('textbox', { name: 'Meeting title' }).waitFor();

      await meetings.kill('SIGKILL');
      const shownStart = Date.now();
      await page.reload();
      await errorPanel(page).waitFor({
        timeout: 10_000,
      });
      const shownMs = Date.now() - shownStart;
      // The shell around it still works: app bar and plan badge, navigation to the actions page.
      await appBadge(page).waitFor();
      await page
        .getByRole('link', { name: /actions/i })
        .first()
        .click();
      await page.waitForURL('**/app/actions');
      await page.goBack();
      await errorPanel(page).waitFor();

      await meetings.start();
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('textbox', { name: 'Meeting title' }).waitFor({ timeout: 10_000 });
      results.shellWithServiceDown = { errorShownAfterReloadMs: shownMs, pageCrashes: crashes };
      expect(crashes).toEqual([]);
      await context.close();
    } finally {
      await browser?.close();
      if (!meetings.running()) await meetings.start();
    }
  });
}

/** The meeting page's error panel (it has Try again), not the toast that says the same words. */
function errorPanel(page: Page) {
  return page
    .getByRole('alert')
    .filter({ hasText: 'Failed to load meeting details' })
    .filter({ has: page.getByRole('button', { name: 'Try again' }) });
}
