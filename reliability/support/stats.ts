/** One request as the simulated user saw it. */
export interface Sample {
  op: string;
  status: number;
  ms: number;
  /** When it started (epoch ms). */
  at: number;
  /** Counted as a failure: a 5xx, no answer, or an answer the workload did not expect. */
  failed: boolean;
}

export interface LatencySummary {
  requests: number;
  failures: number;
  errorRate: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Requests per second over the window. */
  throughput: number;
  byStatus: Record<string, number>;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** Keeps every sample (a 15-minute soak is well under a million) and summarises windows of them. */
export class Recorder {
  readonly samples: Sample[] = [];

  record(sample: Sample): void {
    this.samples.push(sample);
  }

  window(from = 0, to = Number.POSITIVE_INFINITY, filter?: (s: Sample) => boolean): Sample[] {
    return this.samples.filter((s) => s.at >= from && s.at < to && (!filter || filter(s)));
  }

  summary(from = 0, to = Number.POSITIVE_INFINITY, filter?: (s: Sample) => boolean) {
    return summarise(this.window(from, to, filter));
  }

  byOp(from = 0, to = Number.POSITIVE_INFINITY): Record<string, LatencySummary> {
    const ops = new Map<string, Sample[]>();
    for (const s of this.window(from, to)) {
      const list = ops.get(s.op) ?? [];
      list.push(s);
      ops.set(s.op, list);
    }
    return Object.fromEntries([...ops].sort().map(([op, list]) => [op, summarise(list)]));
  }
}

export function summarise(samples: readonly Sample[]): LatencySummary {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const failures = samples.filter((s) => s.failed).length;
  const byStatus: Record<string, number> = {};
  for (const s of samples) byStatus[s.status] = (byStatus[s.status] ?? 0) + 1;
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  for (const s of samples) {
    first = Math.min(first, s.at);
    last = Math.max(last, s.at + s.ms);
  }
  const span = samples.length > 1 ? (last - first) / 1000 : 0;
  return {
    requests: samples.length,
    failures,
    errorRate: samples.length ? failures / samples.length : 0,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    throughput: span > 0 ? round(samples.length / span) : 0,
    byStatus,
  };
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return percentile(sorted, 50);
}
