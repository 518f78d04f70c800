// A closed-loop HTTP load generator on undici: `connections` callers each send a request, wait for
// the whole answer, and send the next, for `durationMs`. Latencies are kept to the microsecond
// (autocannon's histogram rounds to whole milliseconds, too coarse for "adds at most 1 ms").
import { Pool } from 'undici';

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/**
 * Runs a load. `next(i)` returns the i-th request: { path, method?, headers?, body? }. An aborted
 * `signal` ends it early.
 * Answers { requests, errors, statuses, rps, p50, p90, p99, mean, max, bytesPerAnswer } (latencies
 * in ms; the mean body size of the answers counted).
 */
export async function runLoad({
  origin,
  next,
  connections = 1,
  durationMs = 3_000,
  warmupMs = 0,
  expect = [200, 201],
  signal,
}) {
  const pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  let counter = 0;
  const send = async () => {
    const request = next(counter++);
    const started = process.hrtime.bigint();
    const response = await pool.request({
      path: request.path,
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
    });
    let bytes = 0;
    for await (const chunk of response.body) bytes += chunk.length;
    return {
      status: response.statusCode,
      ms: Number(process.hrtime.bigint() - started) / 1e6,
      bytes,
    };
  };
  const loop = async (until, record) => {
    while (performance.now() < until && !signal?.aborted) {
      try {
        const { status, ms, bytes } = await send();
        record?.(status, ms, undefined, bytes);
      } catch (error) {
        record?.(0, NaN, error);
      }
    }
  };
  try {
    if (warmupMs > 0) {
      const until = performance.now() + warmupMs;
      await Promise.all(Array.from({ length: connections }, () => loop(until)));
    }
    const latencies = [];
    let answerBytes = 0;
    const statuses = {};
    let errors = 0;
    let firstError;
    const started = performance.now();
    const until = started + durationMs;
    await Promise.all(
      Array.from({ length: connections }, () =>
        loop(until, (status, ms, error, bytes) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (!expect.includes(status)) {
            errors++;
            firstError ??= error ? String(error) : `HTTP ${status}`;
            return;
          }
          latencies.push(ms);
          answerBytes += bytes;
        }),
      ),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const sum = latencies.reduce((a, b) => a + b, 0);
    return {
      requests: latencies.length,
      errors,
      firstError,
      statuses,
      rps: latencies.length / elapsed,
      p50: percentile(latencies, 50),
      p90: percentile(latencies, 90),
      p99: percentile(latencies, 99),
      mean: latencies.length ? sum / latencies.length : NaN,
      max: latencies.at(-1) ?? NaN,
      bytesPerAnswer: latencies.length ? answerBytes / latencies.length : NaN,
    };
  } finally {
    await pool.close();
  }
}

export const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
