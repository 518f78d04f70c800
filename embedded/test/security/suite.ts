/**
 * The short form runs in CI on every push; `npm run test:security` sets SECURITY_SUITE=long for
 * the long form. FUZZ_RUNS and FUZZ_SEED override the fuzzing for one run (to replay a failure).
 */
export const LONG = process.env.SECURITY_SUITE === 'long';

export const suite = {
  /** fast-check runs per route. */
  fuzzRunsPerRoute: Number(process.env.FUZZ_RUNS ?? (LONG ? 300 : 12)),
  /** Requests to random methods and paths under /api. */
  fuzzRandomPaths: Number(process.env.FUZZ_RUNS ?? (LONG ? 2_000 : 60)),
  seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
  /** Connections that send their request a byte at a time. */
  slowClients: LONG ? 400 : 40,
  /** Test timeout for a long-form test. */
  timeoutMs: LONG ? 3_600_000 : 120_000,
};
