// What every part of the benchmark agrees on: sizes, the generated people, paths and defaults.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BENCH_DIR = join(ROOT, 'bench');
export const RESULTS_DIR = join(BENCH_DIR, 'results');
export const RAW_DIR = join(RESULTS_DIR, 'raw');

export const USERS = 1_000;
/** Actions per meeting vary from 4 to 16 and average 10. */
export const ACTIONS_PER_MEETING = 10;

/** Data set sizes by their number of actions; every size has the same 1,000 users. */
export const SIZES = {
  '10k': { actions: 10_000, meetings: 1_000 },
  '100k': { actions: 100_000, meetings: 10_000 },
  '1m': { actions: 1_000_000, meetings: 100_000 },
};

export const ADMIN_URL =
  process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function databaseName(size) {
  return `bench_${size}`;
}

export function databaseUrl(size) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${databaseName(size)}`;
  return url.toString();
}

/** Where the embedded mode's PGlite files of a size live (outside the repository). */
export function embeddedDataDir(size) {
  return join(process.env.BENCH_DATA_DIR ?? '/tmp/meetings-bench', `embedded-${size}`);
}

/**
 * A version-4-shaped UUID from a text (the services validate ids as RFC 4122 UUIDs), the same as
 * the SQL function `bench_uuid` the generator installs.
 */
export function uuidOf(text) {
  const h = createHash('md5').update(text).digest('hex');
  const variant = '89ab'[parseInt(h.slice(16, 18), 16) % 4];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const user = (n) => ({
  n,
  id: uuidOf(`user${n}`),
  email: `user${n}@example.com`,
  sessionToken: `bench-${createHash('sha256').update(`session${n}`).digest('base64url')}`,
  sessionId: uuidOf(`session${n}`),
});

/**
 * The people the benchmarks act as: typical users (each owns 1 in 1,000 meetings and is shared on
 * about 1.5 in 1,000), all on the paid plan. User 0 is the heavy user (also shared on 10 % of all
 * meetings); the API tables use typical users.
 */
export const BENCH_USERS = Array.from({ length: 20 }, (_, i) => user(5 + i * 10));

/**
 * The steady user sees the same number of meetings in every data set: owns 100 and is shared on
 * 200 (about 3,000 actions), where a typical user sees 2-3 meetings at 10k and about 250 at 1M.
 * The scale section asks its lists and searches as this user, so that the 10k and 1M answers are
 * alike and their ratio shows what the size of the data set costs, not the size of the answer.
 * User number 1000: one more than the 1,000 users, so no other user's share of the data changes
 * but for the meetings it owns (numbers m with m % stride = 7, users whose number ends in 7).
 */
export const STEADY_USER = user(USERS);
export const STEADY_OWNED = 100;
export const STEADY_SHARED = 200;
/**
 * Which of `meetings` the steady user owns (m % ownedEvery === ownedAt) and is shared on
 * (m % sharedEvery === sharedAt): the one rule the generator's SQL and ownedMeetings both read.
 */
export const steadyMeetings = (meetings) => ({
  user: STEADY_USER.n,
  ownedEvery: meetings / STEADY_OWNED,
  ownedAt: 7,
  sharedEvery: meetings / STEADY_SHARED,
  sharedAt: 3,
});

export const meetingId = (m) => uuidOf(`meeting${m}`);
export const actionId = (m, n) => uuidOf(`action${m}-${n}`);
/**
 * Meeting numbers run 1..meetings; user k owns every meeting m with m % USERS === k, but those the
 * steady user owns (numbers ending in 7: never a bench user's, whose numbers end in 5).
 */
export function ownedMeetings(userN, meetings) {
  const owned = [];
  const steady = steadyMeetings(meetings);
  if (userN === steady.user) {
    for (let m = steady.ownedAt; m <= meetings; m += steady.ownedEvery) owned.push(m);
    return owned;
  }
  for (let m = userN === 0 ? USERS : userN; m <= meetings; m += USERS)
    if (m % steady.ownedEvery !== steady.ownedAt) owned.push(m);
  return owned;
}
export const actionCount = (m) => 4 + ((m * 7) % 13);

export function ensureDir(dir) {
  mkdirSync(dir, { recursive: true });
  return dir;
}
