import type { MeetingSnapshot } from '@meetings/contracts';
import { testUser } from '@meetings/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildIndexOnce } from '../src/action-index/rebuild-command.js';
import {
  IndexRebuildService,
  type RebuildStatus,
} from '../src/action-index/index-rebuild.service.js';
import { action, FakeMeetings } from './fake-meetings.js';
import {
  ActionsHarness,
  eventually,
  expectedView,
  OPERATOR_TOKEN,
  tombstoneView,
} from './harness.js';

const PAGE_SIZE = 7;
const owners = [
  testUser('one@example.com'),
  testUser('two@example.com'),
  testUser('three@example.com'),
];

/** 40 meetings of three owners, shared around, with tagged, ticked and reordered actions. */
function populate(meetings: FakeMeetings): void {
  for (let i = 0; i < 40; i++) {
    const created = meetings.create(owners[i % 3]!, {
      title: `Meeting ${i}`,
      date: new Date(Date.UTC(2025, 0, 1 + i, 9)).toISOString(),
      sharedWith: i % 4 === 0 ? [owners[(i + 1) % 3]!.email.toUpperCase()] : [],
      actions: Array.from({ length: i % 5 }, (_, n) =>
        action(`Task ${i}.${n} #t${n}`, n + 1, n % 2 === 1),
      ),
    });
    if (i % 6 === 0) meetings.change(created.id, (m) => (m.title = `Renamed ${i}`));
  }
}

function expectedIndex(meetings: FakeMeetings): ReturnType<typeof expectedView>[] {
  return [...meetings.meetings.values()].map(expectedView).sort((a, b) => (a.id < b.id ? -1 : 1));
}

async function operatorRebuild(h: ActionsHarness): Promise<RebuildStatus> {
  const started = await h.request(null, 'POST', '/internal/index/rebuild', undefined, {
    'x-operator-token': OPERATOR_TOKEN,
  });
  expect(started.statusCode, started.body).toBe(202);
  return eventually(async () => {
    const status = (
      await h.request(null, 'GET', '/internal/index/rebuild', undefined, {
        'x-operator-token': OPERATOR_TOKEN,
      })
    ).json<RebuildStatus>();
    return status.state === 'succeeded' || status.state === 'failed' ? status : null;
  });
}

describe('rebuilding the index from svc-meetings', () => {
  let h: ActionsHarness;
  const meetings = new FakeMeetings();
  let meetingsUrl: string;

  beforeAll(async () => {
    meetingsUrl = await meetings.reserve();
    h = await ActionsHarness.start({
      INDEX_REBUILD_PAGE_SIZE: String(PAGE_SIZE),
      MEETINGS_INTERNAL_URL: meetingsUrl,
    });
    await meetings.answer();
    populate(meetings);
  });

  afterAll(async () => {
    await h?.close();
    await meetings.close();
  });

  it('rebuilds from scratch to the same content the events built', async () => {
    for (const meeting of meetings.meetings.values()) await h.feed(h.upserted(meeting));
    const fromEvents = await h.dumpIndex();
    expect(fromEvents).toEqual(expectedIndex(meetings));

    await h.clearIndex();
    expect(await h.dumpIndex()).toEqual([]);
    const outcome = await operatorRebuild(h);
    expect(outcome).toMatchObject({
      state: 'succeeded',
      trigger: 'operator',
      exported: 40,
      applied: 40,
      retired: 0,
    });
    expect(await h.dumpIndex()).toEqual(fromEvents);
    // Paged by afterId, PAGE_SIZE at a time.
    const requests = meetings.exportRequests.slice(-Math.ceil(40 / PAGE_SIZE));
    expect(requests[0]).toEqual({ limit: PAGE_SIZE });
    expect(requests.slice(1).every((r) => r.afterId && r.limit === PAGE_SIZE)).toBe(true);
  });

  it('repairs a stale index: lost updates, lost creations, lost deletions', async () => {
    const [updated, created, removed] = [...meetings.meetings.values()] as MeetingSnapshot[];
    // What the index missed while it was not listening:
    meetings.change(updated!.id, (m) => m.actions.push(action('Added while away #late', 9)));
    await h.service.dataSource.query(`DELETE FROM indexed_meeting WHERE id = $1`, [created!.id]);
    const removedVersion = meetings.get(removed!.id).version;
    meetings.remove(removed!.id);

    const outcome = await operatorRebuild(h);
    expect(outcome).toMatchObject({ state: 'succeeded', exported: 39, applied: 2, retired: 1 });
    const index = await h.dumpIndex();
    expect(index.filter((m) => !m.deleted)).toEqual(expectedIndex(meetings));
    expect(index.find((m) => m.id === removed!.id)).toEqual(
      tombstoneView(removed!.id, removedVersion),
    );
  });

  it('never lets the export overwrite a newer version that arrived by event meanwhile', async () => {
    const before = [...meetings.meetings.values()][5]!;
    const newer = meetings.change(before.id, (m) => (m.title = 'Newer than the export'));
    await h.feed(h.upserted(newer));
    meetings.meetings.set(before.id, before); // the export lags behind the event
    await operatorRebuild(h);
    expect(await h.indexed(before.id)).toEqual(expectedView(newer));
    meetings.meetings.set(before.id, newer);
  });

  it('runs once per process: a second request joins the running rebuild', async () => {
    const rebuilds = h.service.app.get(IndexRebuildService);
    const before = meetings.exportRequests.length;
    const first = rebuilds.rebuild('operator');
    expect(rebuilds.rebuild('operator')).toBe(first);
    expect(rebuilds.start('operator')).toMatchObject({ state: 'running', trigger: 'operator' });
    await first;
    expect(meetings.exportRequests.length - before).toBe(
      Math.ceil(meetings.meetings.size / PAGE_SIZE),
    );
  });

  it('keeps the operator route closed without the operator token, and takes no options', async () => {
    for (const headers of [
      {},
      { 'x-operator-token': 'wrong' },
      { 'x-operator-token': `${OPERATOR_TOKEN}x` },
    ] as Record<string, string>[]) {
      expect(
        (await h.request(null, 'POST', '/internal/index/rebuild', undefined, headers)).statusCode,
      ).toBe(403);
      expect(
        (await h.request(null, 'GET', '/internal/index/rebuild', undefined, headers)).statusCode,
      ).toBe(403);
    }
    const withOptions = await h.request(
      null,
      'POST',
      '/internal/index/rebuild',
      { full: true },
      { 'x-operator-token': OPERATOR_TOKEN },
    );
    expect(withOptions.statusCode).toBe(400);
  });

  it('runs as a one-off command (the CLI) on the same settings', async () => {
    await h.clearIndex();
    const outcome = await rebuildIndexOnce({
      shared: h.runtime.shared,
      env: { ...h.runtime.env, INDEX_REBUILD_PAGE_SIZE: '50', MEETINGS_INTERNAL_URL: meetingsUrl },
    });
    expect(outcome).toMatchObject({
      state: 'succeeded',
      trigger: 'cli',
      exported: meetings.meetings.size,
    });
    expect(await h.dumpIndex()).toEqual(expectedIndex(meetings));
  });
});

describe('rebuilding at start', () => {
  let h: ActionsHarness;
  const meetings = new FakeMeetings();

  afterAll(async () => {
    await h?.close();
    await meetings.close();
  });

  it('fills an empty index once svc-meetings answers, without holding up the start', async () => {
    populate(meetings);
    h = await ActionsHarness.start({
      INDEX_REBUILD_ON_START: 'true',
      MEETINGS_INTERNAL_URL: await meetings.reserve(),
    });
    // Started and answering before svc-meetings is there.
    const owner = owners[0]!;
    expect((await h.request(owner, 'GET', '/api/actions/')).json()).toMatchObject({ meetings: [] });
    await meetings.answer();
    await expect
      .poll(() => h.dumpIndex(), { timeout: 15_000, interval: 100 })
      .toEqual(expectedIndex(meetings));
    expect(
      (await h.request(owner, 'GET', '/api/actions/')).json<{ meetings: unknown[] }>().meetings
        .length,
    ).toBeGreaterThan(0);
  });
});

describe('stopping while svc-meetings does not answer', () => {
  it('ends the wait between attempts at once and gives up with the last failure', async () => {
    const meetings = new FakeMeetings();
    const h = await ActionsHarness.start({ MEETINGS_INTERNAL_URL: await meetings.reserve() });
    const rebuilds = h.service.app.get(IndexRebuildService);
    const outcome = rebuilds.rebuildWhenReachable('operator').catch((error: unknown) => error);
    // The first attempt has failed: the next one is a second away.
    await eventually(async () => rebuilds.currentStatus().state === 'failed');
    const stopping = Date.now();
    const closed = h.close();
    expect(await outcome).toMatchObject({ status: 503 });
    const waited = Date.now() - stopping;
    await closed;
    await meetings.close();
    expect(waited).toBeLessThan(800);
  });
});
