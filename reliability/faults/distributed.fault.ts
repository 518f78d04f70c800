import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { root } from '../support/cluster.js';
import { startFaultEnvironment } from '../support/environment.js';
import { prepareSuite, restore, writeFaultResults, type FaultSuite } from '../support/suite.js';
import { liveNotesRestart } from './cases/live-notes-restart.js';
import { natsOutage } from './cases/nats-outage.js';
import { postgresRestart } from './cases/postgres-restart.js';
import { redisOutage } from './cases/redis-outage.js';
import { relayCrash } from './cases/relay-crash.js';
import { remoteUnavailable } from './cases/remote-unavailable.js';
import { serviceRestart } from './cases/service-restart.js';

// The distributed mode (one process per service and the gateway) on private PostgreSQL, NATS and
// Redis, broken one way at a time while simulated users keep working. Each case ends with the
// same reckoning: outboxes empty, consumers drained, no dead letter, data consistent.
let suite: FaultSuite | undefined;
const startedAt = Date.now();
const served = mkdtempSync(join(tmpdir(), 'faults-remotes-'));
const actionsDir = join(served, 'mfe-actions');

beforeAll(async () => {
  // mfe-actions is served from a copy that a case takes away.
  cpSync(join(root, 'mfe-actions', 'dist'), actionsDir, { recursive: true });
  const env = await startFaultEnvironment({
    remoteDirs: { 'mfe-actions': actionsDir },
    // Shorter than an outage of the short form, so a 10 s outage outlives cached entitlements.
    env: { ENTITLEMENT_CACHE_TTL_MS: '5000' },
  });
  try {
    suite = await prepareSuite(env);
  } catch (error) {
    await env.close();
    throw error;
  }
});

// Written after every case, so a run cut short still leaves its figures.
afterEach(async () => {
  if (!suite) return;
  writeFaultResults(suite, startedAt);
  await restore(suite);
});

afterAll(async () => {
  if (suite) {
    console.log(`fault results: ${writeFaultResults(suite, startedAt)}`);
    await suite.env.close();
  }
  rmSync(served, { recursive: true, force: true });
});

const current = () => {
  if (!suite) throw new Error('the fault environment did not start');
  return suite;
};

describe('faults in the distributed mode', () => {
  natsOutage(current);
  redisOutage(current);
  postgresRestart(current);
  serviceRestart(current);
  relayCrash(current);
  remoteUnavailable(current, () => actionsDir);
  liveNotesRestart(current);
});
