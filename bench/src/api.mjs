// API benchmarks: every scenario against the gateway (+ service), the service called directly with
// a valid internal token, and the minimal Fastify + pg handler, side by side in one run, in
// alternating order, several rounds. Two phases each: one caller (latency as a user feels it) and
// several callers (throughput at saturation, with its latencies).
import { readdirSync, readFileSync } from 'node:fs';
import {
  BENCH_USERS,
  SIZES,
  STEADY_USER,
  actionCount,
  actionId,
  meetingId,
  ownedMeetings,
} from './config.mjs';
import { median, runLoad } from './load.mjs';
import { joinRoom, until } from './live.mjs';
import { cpuSeconds, internalToken } from './stack.mjs';

/**
 * What each scenario asks, for a user and a request counter. `service` is the upstream it needs;
 * `answerGrows`: the answer holds as much as the caller sees (lists and searches), so a typical
 * user's answer grows with the data set, and the scale section also asks it as the steady user.
 */
export function scenarios(size) {
  const meetings = SIZES[size].meetings;
  const owned = new Map(BENCH_USERS.map((u) => [u.n, ownedMeetings(u.n, meetings)]));
  // Among the first `limit` of the user's meetings (the live notes scenario's: openLiveNotes).
  const pick = (who, i, limit = Infinity) => {
    const list = owned.get(who.n);
    return list[Math.floor(i / BENCH_USERS.length) % Math.min(limit, list.length)];
  };
  const json = (body) => ({
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  const notesBody = (_who, i) =>
    json({ notes: `<p>Notes revision ${i}: agreed the <strong>next steps</strong>.</p>` });
  return [
    {
      id: 'meetings-page1',
      label: 'Meetings list, page 1',
      service: 'meetings',
      read: true,
      answerGrows: true,
      path: () => '/api/meetings?page=1&pageSize=25',
    },
    {
      id: 'meetings-deep',
      label: 'Meetings list, page 8',
      service: 'meetings',
      read: true,
      answerGrows: true,
      path: () => '/api/meetings?page=8&pageSize=25',
    },
    {
      id: 'meetings-title',
      label: 'Meetings list, title search',
      service: 'meetings',
      read: true,
      answerGrows: true,
      path: () => '/api/meetings?page=1&pageSize=25&title=planning',
    },
    {
      id: 'actions-page1',
      label: 'Actions, page 1 (open)',
      service: 'actions',
      read: true,
      answerGrows: true,
      path: () => '/api/actions?page=1&pageSize=25',
    },
    {
      id: 'actions-text',
      label: 'Actions, text search (open)',
      service: 'actions',
      read: true,
      answerGrows: true,
      path: () => '/api/actions?page=1&pageSize=25&search=budget',
    },
    {
      id: 'actions-text-all',
      label: 'Actions, text search, with completed',
      service: 'actions',
      read: true,
      answerGrows: true,
      path: () => '/api/actions?page=1&pageSize=25&search=budget&showCompleted=true',
    },
    {
      id: 'actions-tag',
      label: 'Actions, hashtag (open)',
      service: 'actions',
      read: true,
      answerGrows: true,
      path: () => '/api/actions?page=1&pageSize=25&hashtag=release',
    },
    {
      id: 'actions-tag-all',
      label: 'Actions, hashtag, with completed',
      service: 'actions',
      read: true,
      answerGrows: true,
      path: () => '/api/actions?page=1&pageSize=25&hashtag=release&showCompleted=true',
    },
    {
      // What the caller owes and is late with, from the (assignee, due date) index.
      id: 'actions-mine-overdue',
      label: 'Actions, assigned to me, overdue',
      service: 'actions',
      read: true,
      answerGrows: true,
      path: () => '/api/actions?page=1&pageSize=25&assignee=me&due=overdue',
    },
    {
      id: 'actions-mine-overdue-due',
      label: 'Actions, assigned to me, overdue, by due date',
      service: 'actions',
      read: true,
      answerGrows: true,
      path: () => '/api/actions?page=1&pageSize=25&assignee=me&due=overdue&sort=due',
    },
    {
      id: 'meeting-get',
      label: 'Get meeting',
      service: 'meetings',
      read: true,
      path: (who, i) => `/api/meetings/${meetingId(pick(who, i))}`,
    },
    {
      id: 'notes-update',
      label: 'Notes update',
      service: 'meetings',
      read: false,
      method: 'PUT',
      path: (who, i) => `/api/meetings/${meetingId(pick(who, i))}/update-notes`,
      body: notesBody,
    },
    {
      id: 'notes-update-live',
      label: 'Notes update, notes edited live',
      service: 'meetings',
      read: false,
      method: 'PUT',
      // Notes once open in an editor keep a live state: a save goes into it as well as the row.
      liveMeetings: (who) => owned.get(who.n).slice(0, LIVE_MEETINGS),
      path: (who, i) => `/api/meetings/${meetingId(pick(who, i, LIVE_MEETINGS))}/update-notes`,
      body: notesBody,
    },
    {
      id: 'action-status',
      label: 'Action status update',
      // svc-meetings owns every change to a meeting's items; svc-actions only reads.
      service: 'meetings',
      read: false,
      method: 'PUT',
      path: (who, i) => {
        const m = pick(who, i);
        return `/api/actions/${meetingId(m)}/action/${actionId(m, 1 + (i % actionCount(m)))}/status`;
      },
      body: (_who, i) => json({ completed: Math.floor(i / 7) % 2 === 0 }),
    },
  ];
}

/** How many of each user's meetings the live notes scenario saves to. */
const LIVE_MEETINGS = 5;

/**
 * Opens the notes of a scenario's `liveMeetings` in an editor once per stack (a Node client in the
 * room through the gateway, as a person's meeting page joins it), so they have a live state.
 */
async function openLiveNotes(scenario, stack, users) {
  if (!scenario.liveMeetings) return;
  stack.liveNotesOpened ??= new Set();
  for (const who of users)
    for (const m of scenario.liveMeetings(who)) {
      const id = meetingId(m);
      if (stack.liveNotesOpened.has(id)) continue;
      const room = joinRoom(stack, who, id);
      try {
        await until(() => room.provider.isSynced, 15_000, `live notes of meeting ${id}`);
      } finally {
        room.leave();
      }
      stack.liveNotesOpened.add(id);
    }
}

/**
 * Request builders for the three contenders of one scenario, asked in turn by `users` (the typical
 * bench users unless told).
 */
async function contenders(scenario, stack, minimal, users = BENCH_USERS) {
  await openLiveNotes(scenario, stack, users);
  const tokens = new Map();
  for (const who of users) tokens.set(who.n, await internalToken(stack, who));
  const build = (auth) => (i) => {
    const who = users[i % users.length];
    const extra = scenario.body?.(who, i) ?? {};
    return {
      method: scenario.method ?? 'GET',
      path: scenario.path(who, i),
      headers: { ...auth(who), ...extra.headers },
      body: extra.body,
    };
  };
  const list = [
    {
      target: 'gateway',
      origin: stack.urls.gateway,
      next: build((who) => ({ cookie: `session=${who.sessionToken}` })),
    },
    {
      target: 'direct',
      origin: stack.urls[scenario.service],
      next: build((who) => ({ authorization: `Bearer ${tokens.get(who.n)}` })),
    },
  ];
  if (minimal)
    list.push({
      target: 'minimal',
      origin: minimal.url,
      next: build((who) => ({ 'x-user-id': who.id, 'x-user-email': who.email })),
    });
  return list;
}

/** CPU seconds of PostgreSQL's processes (every backend, so other users of the server count too). */
function postgresCpu() {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      total += cpuSeconds(Number(entry)) ?? 0;
    } catch {
      // gone
    }
  }
  return total;
}

function cpuOf(pids) {
  const out = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid) ?? 0]),
  );
  out.postgres = postgresCpu();
  return out;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const SETTLE_MAX_MS = 10_000;

/**
 * Waits until the processes have finished what the last phase left behind: a write's reply comes
 * before its outbox event is relayed and svc-actions applies it to the index, and under load that
 * backlog drains for seconds after the last reply. Measured next, a contender would pay for the one
 * before it. Quiet means the services and PostgreSQL together used under a tenth of a core over a
 * quarter of a second; gives up after 10 s. Returns the milliseconds waited.
 */
async function settle(pids, { windowMs = 250, busyShare = 0.1, maxMs = SETTLE_MAX_MS } = {}) {
  const cpuTotal = () => Object.values(cpuOf(pids)).reduce((sum, seconds) => sum + seconds, 0);
  const started = Date.now();
  let last = cpuTotal();
  while (Date.now() - started < maxMs) {
    await sleep(windowMs);
    const now = cpuTotal();
    if ((now - last) * 1000 < windowMs * busyShare) break;
    last = now;
  }
  return Date.now() - started;
}

/**
 * Runs the scenarios side by side. Options: rounds, latencyMs, loadMs, connections, warmupMs,
 * targets (default all three), only (scenario ids), settleBefore (wait for quiet before each phase,
 * default true). Returns raw per-round results and medians.
 */
export async function compareApi({ size, stack, minimal, options, log = console.log }) {
  const {
    rounds = 3,
    latencyMs = 2_000,
    loadMs = 3_000,
    connections = 8,
    warmupMs = 500,
    only,
    settleBefore = true,
  } = options;
  // The stack's processes and the minimal handler's: a phase waits for all of them to be quiet.
  const everyPid = { ...stack.pids, ...(minimal ? { minimal: minimal.pid } : {}) };
  const quietFirst = () => (settleBefore ? settle(everyPid) : 0);
  const results = [];
  for (const scenario of scenarios(size)) {
    if (only && !only.includes(scenario.id)) continue;
    const runs = { gateway: [], direct: [], minimal: [] };
    let offset = 0;
    for (let round = 0; round < rounds; round++) {
      // Fresh tokens each round (they live 5 minutes); order rotates so no contender always goes first.
      const list = await contenders(scenario, stack, minimal);
      const order = list.map((_, k) => list[(k + round) % list.length]);
      for (const c of order) {
        const next = (i) => c.next(offset + i);
        const quiet = { before: await quietFirst() };
        const latency = await runLoad({
          origin: c.origin,
          next,
          connections: 1,
          durationMs: latencyMs,
          warmupMs,
        });
        offset += 100_000;
        const pids = c.target === 'minimal' ? { minimal: minimal.pid } : stack.pids;
        quiet.load = await quietFirst();
        const before = cpuOf(pids);
        const load =
          loadMs > 0
            ? await runLoad({
                origin: c.origin,
                next: (i) => c.next(offset + i),
                connections,
                durationMs: loadMs,
                warmupMs,
              })
            : null;
        offset += 100_000;
        const after = cpuOf(pids);
        const cpuMsPerRequest = load?.requests
          ? Object.fromEntries(
              Object.keys(after).map((k) => [
                k,
                ((after[k] - before[k]) * 1000) / (load.requests + load.errors),
              ]),
            )
          : null;
        runs[c.target].push({ latency, load, cpuMsPerRequest, settledMs: quiet });
        if (Math.max(quiet.before, quiet.load) >= SETTLE_MAX_MS)
          log(`  ~ ${scenario.id} ${c.target}: the processes were still busy after 10 s`);
        const errors = latency.errors + (load?.errors ?? 0);
        if (errors > 0)
          log(
            `  ! ${scenario.id} ${c.target}: ${errors} failed (${latency.firstError ?? load?.firstError})`,
          );
      }
    }
    const summary = {};
    for (const [target, list] of Object.entries(runs)) {
      if (list.length === 0) continue;
      const pick = (fn) => list.map(fn);
      summary[target] = {
        p50: median(pick((r) => r.latency.p50)),
        p99: median(pick((r) => r.latency.p99)),
        p50Spread: spread(pick((r) => r.latency.p50)),
        loadedP50: median(pick((r) => r.load?.p50)),
        loadedP99: median(pick((r) => r.load?.p99)),
        rps: median(pick((r) => r.load?.rps)),
        rpsSpread: spread(pick((r) => r.load?.rps)),
        latencyRps: median(pick((r) => r.latency.rps)),
        errors: list.reduce((n, r) => n + r.latency.errors + (r.load?.errors ?? 0), 0),
        cpuMsPerRequest: list[0].cpuMsPerRequest
          ? medianObject(pick((r) => r.cpuMsPerRequest))
          : null,
      };
    }
    const row = {
      id: scenario.id,
      label: scenario.label,
      service: scenario.service,
      read: scenario.read,
      summary,
      runs,
    };
    results.push(row);
    const g = summary.gateway;
    const d = summary.direct;
    const m = summary.minimal;
    log(
      `  ${scenario.id.padEnd(17)} p50 gw ${fmt(g?.p50)} direct ${fmt(d?.p50)} min ${fmt(m?.p50)} ms | rps gw ${fmt(g?.rps, 0)} direct ${fmt(d?.rps, 0)} min ${fmt(m?.rps, 0)}`,
    );
  }
  return results;
}

/**
 * One caller only, through each size's gateway: the latency each query has at each size. The
 * stacks of all sizes run at once and every round takes the sizes in turn (in a rotating order),
 * so a change in the machine's load touches all sizes alike instead of the one measured then.
 * Lists and searches are asked twice: by the typical bench users (whose answers grow with the
 * data set: a deep page is empty at 10k, full at 1M) and by the steady user (the same answers at
 * every size), which is the figure the scale target reads. Returns { [size]: rows }, each row with
 * `who` ('typical' or 'steady') and, for a steady row, the typical users' figures in `typical`.
 */
export async function latencyBySize({ stacks, options, log = console.log }) {
  const { rounds = 3, latencyMs = 2_000, warmupMs = 500, only } = options;
  const sizes = Object.keys(stacks);
  const out = Object.fromEntries(sizes.map((size) => [size, []]));
  const bySize = Object.fromEntries(sizes.map((size) => [size, scenarios(size)]));
  const measure = async (index, users) => {
    const gateways = {};
    for (const size of sizes)
      [gateways[size]] = await contenders(bySize[size][index], stacks[size], null, users);
    const runs = Object.fromEntries(sizes.map((size) => [size, []]));
    for (let round = 0; round < rounds; round++) {
      const order = sizes.map((_, i) => sizes[(i + round) % sizes.length]);
      for (const size of order) {
        const gateway = gateways[size];
        const r = await runLoad({
          origin: gateway.origin,
          next: (i) => gateway.next(round * 100_000 + i),
          connections: 1,
          durationMs: latencyMs,
          warmupMs,
        });
        if (r.errors > 0)
          log(`  ! ${bySize[size][index].id} at ${size}: ${r.errors} failed (${r.firstError})`);
        runs[size].push(r);
      }
    }
    return Object.fromEntries(
      sizes.map((size) => [
        size,
        {
          p50: median(runs[size].map((r) => r.p50)),
          p99: median(runs[size].map((r) => r.p99)),
          p50Spread: spread(runs[size].map((r) => r.p50)),
          bytesPerAnswer: median(runs[size].map((r) => r.bytesPerAnswer)),
        },
      ]),
    );
  };
  for (const [index, first] of bySize[sizes[0]].entries()) {
    if (only && !only.includes(first.id)) continue;
    if (!first.read && options.readsOnly) continue;
    const typical = await measure(index, BENCH_USERS);
    const steady = first.answerGrows ? await measure(index, [STEADY_USER]) : null;
    for (const size of sizes)
      out[size].push({
        id: first.id,
        label: first.label,
        who: steady ? 'steady' : 'typical',
        ...(steady ? steady[size] : typical[size]),
        ...(steady ? { typical: typical[size] } : {}),
      });
    const line = (figures) => sizes.map((size) => `${size} ${fmt(figures[size].p50)}`).join(', ');
    log(
      `  ${first.id.padEnd(17)} p50 ${line(steady ?? typical)} ms${steady ? ` (typical users: ${line(typical)})` : ''}`,
    );
  }
  return out;
}

function spread(values) {
  const finite = values.filter((v) => Number.isFinite(v));
  return finite.length ? [Math.min(...finite), Math.max(...finite)] : null;
}

function medianObject(list) {
  const keys = Object.keys(list[0] ?? {});
  return Object.fromEntries(keys.map((k) => [k, median(list.map((o) => o?.[k]))]));
}

export function fmt(value, digits = 2) {
  return Number.isFinite(value) ? value.toFixed(digits) : '–';
}
