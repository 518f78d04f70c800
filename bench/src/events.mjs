// Event lag, from the moment a change is sent through the gateway to the moment its effect is
// visible in the other service:
//  - entitlement: POST /api/auth/update-subscription (svc-subscription, outbox, bus) until
//    svc-meetings has dropped the user's cached entitlement (Redis key, or the in-process cache);
//  - actions index: PUT update-action-item (svc-meetings, outbox, bus) until svc-actions' index
//    row has the new text (PostgreSQL, or the embedded database through the host's probe).
// The start is when the request is sent, so each lag includes the change's own request.
import pg from 'pg';
import {
  BENCH_USERS,
  REDIS_URL,
  SIZES,
  actionId,
  databaseUrl,
  meetingId,
  ownedMeetings,
  user,
} from './config.mjs';
import { percentile, runLoad } from './load.mjs';
import { scenarios } from './api.mjs';

/** Unrecorded rounds before each phase's samples. */
const WARM_UP_ROUNDS = 3;

const POLL_MS = 1;
const GIVE_UP_MS = 10_000;

/** A call through the stack's gateway as `who` (their session cookie); throws unless 2xx. */
export async function call(stack, who, method, path, body) {
  const response = await fetch(`${stack.urls.gateway}${path}`, {
    method,
    headers: { cookie: `session=${who.sessionToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

async function waitUntil(check) {
  const started = performance.now();
  while (performance.now() - started < GIVE_UP_MS) {
    if (await check()) return performance.now();
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return NaN;
}

/** Probes that read the other service's state, per mode. */
async function probes(stack, size) {
  if (stack.kind === 'embedded') {
    const get = async (path) => (await fetch(`${stack.urls.probe}${path}`)).json();
    return {
      entitlementCached: async (who) => (await get(`/entitlement-cached?userId=${who.id}`)).cached,
      indexedText: async (m, a) => (await get(`/indexed-action?meetingId=${m}&actionId=${a}`)).text,
      close: async () => undefined,
    };
  }
  const { createClient } = await import('redis');
  const redis = createClient({ url: REDIS_URL });
  await redis.connect();
  const db = new pg.Client({ connectionString: databaseUrl(size) });
  await db.connect();
  return {
    entitlementCached: async (who) =>
      (await redis.exists(`${stack.namespace}:svc-meetings:entitlement:${who.id}`)) === 1,
    indexedText: async (m, a) =>
      (
        await db.query(
          `SELECT text FROM actions.indexed_action WHERE meeting_id = $1 AND id = $2`,
          [m, a],
        )
      ).rows[0]?.text ?? null,
    close: async () => {
      await redis.quit();
      await db.end();
    },
  };
}

/** Reads and writes of other users through the gateway while the lag is measured. */
function backgroundLoad(stack, size, connections, signal) {
  if (connections === 0) return null;
  const mix = scenarios(size).filter((s) =>
    ['meetings-page1', 'actions-page1', 'actions-text', 'meeting-get', 'notes-update'].includes(
      s.id,
    ),
  );
  return runLoad({
    origin: stack.urls.gateway,
    connections,
    durationMs: 3_600_000,
    signal,
    next: (i) => {
      const scenario = mix[i % mix.length];
      const who = BENCH_USERS[i % BENCH_USERS.length];
      const extra = scenario.body?.(who, i) ?? {};
      return {
        method: scenario.method ?? 'GET',
        path: scenario.path(who, i),
        headers: { cookie: `session=${who.sessionToken}`, ...extra.headers },
        body: extra.body,
      };
    },
  });
}

function stats(lags) {
  const finite = lags.filter(Number.isFinite).sort((a, b) => a - b);
  return {
    samples: lags.length,
    lost: lags.length - finite.length,
    p50: percentile(finite, 50),
    p99: percentile(finite, 99),
    max: finite.at(-1) ?? NaN,
  };
}

/** Measures both lags, `samples` of each, idle and with `loadConnections` callers of background load. */
export async function measureEventLag({
  stack,
  size,
  samples = 50,
  loadConnections = 4,
  log = console.log,
}) {
  const probe = await probes(stack, size);
  const meetings = SIZES[size].meetings;
  // People of their own, on the paid plan, who own meetings at every size.
  const subscriber = user(905);
  const editor = user(915);
  const subscriberMeeting = meetingId(ownedMeetings(subscriber.n, meetings)[0]);
  const editorMeeting = ownedMeetings(editor.n, meetings)[0];
  const result = {};
  try {
    for (const loaded of [false, true]) {
      const phase = loaded ? 'loaded' : 'idle';
      // The background load runs until this phase's samples are taken.
      const stop = new AbortController();
      const load = loaded ? backgroundLoad(stack, size, loadConnections, stop.signal) : null;
      const entitlement = [];
      const index = [];
      // The first rounds of a phase warm the path (connections, compiled code) and are not kept:
      // the API section warms up the same way before it measures.
      for (let i = -WARM_UP_ROUNDS; i < samples; i++) {
        // Entitlement: an edit caches "may edit"; a downgrade must drop it.
        const meeting = await call(stack, subscriber, 'GET', `/api/meetings/${subscriberMeeting}`);
        await call(stack, subscriber, 'PUT', `/api/meetings/${subscriberMeeting}/update-info`, {
          title: meeting.meeting.title,
        });
        if (!(await probe.entitlementCached(subscriber)))
          throw new Error('the entitlement was not cached after an edit');
        let sent = performance.now();
        await call(stack, subscriber, 'POST', '/api/auth/update-subscription', { status: 'free' });
        let seen = await waitUntil(async () => !(await probe.entitlementCached(subscriber)));
        if (i >= 0) entitlement.push(seen - sent);
        await call(stack, subscriber, 'POST', '/api/auth/update-subscription', { status: 'paid' });
        // Actions index: a changed action text must reach svc-actions' index.
        const n = 1 + ((i + WARM_UP_ROUNDS) % 3);
        const text = `Lag probe ${phase} ${i} ${Date.now().toString(36)} #bench`;
        sent = performance.now();
        await call(
          stack,
          editor,
          'PUT',
          `/api/meetings/${meetingId(editorMeeting)}/update-action-item/${actionId(editorMeeting, n)}`,
          { text },
        );
        seen = await waitUntil(
          async () =>
            (await probe.indexedText(meetingId(editorMeeting), actionId(editorMeeting, n))) ===
            text,
        );
        if (i >= 0) index.push(seen - sent);
        await new Promise((r) => setTimeout(r, 20));
      }
      result[phase] = { entitlement: stats(entitlement), index: stats(index) };
      stop.abort();
      log(
        `  ${stack.kind} ${phase}: entitlement p50 ${result[phase].entitlement.p50.toFixed(1)} p99 ${result[phase].entitlement.p99.toFixed(1)} ms; index p50 ${result[phase].index.p50.toFixed(1)} p99 ${result[phase].index.p99.toFixed(1)} ms`,
      );
      if (load) result[phase].background = await load;
    }
  } finally {
    await probe.close();
  }
  return result;
}
