import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { deleteNamespaceStreams } from '@meetings/service-kit';
import { freePort, freePortBase, waitUntilAnswering } from '@meetings/testing/services';
import { basePorts, managementPorts } from '../../scripts/distributed-processes.mjs';
import { startMailbox } from './mailbox.js';
import { TENANTS } from './tenants.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailboxUrl: string;
    subscriptionManagementUrl: string;
    operatorToken: string;
    mode: string;
    /** Where this run's product serves mfe-onboarding from: a release test deploys over it. */
    onboardingDir: string;
  }
}

const root = resolve(import.meta.dirname, '..', '..');
const OPERATOR_TOKEN = 'e2e-operator-token-0123456789abcdef';

/** Starts the built product the way a user does, in the mode E2E_MODE names. */
export default async function setup(project: TestProject) {
  const mode = process.env.E2E_MODE ?? 'embedded';
  const mailbox = await startMailbox();
  const port = await freePort();
  const managementPort = await freePort();
  const servicePortBase = await freePortBase(basePorts);
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  // Two tenants on one deployment, told apart by host name (Chromium maps *.localhost to loopback).
  const tenantsFile = join(dataDir, 'tenants.json');
  writeFileSync(tenantsFile, JSON.stringify(TENANTS));
  // Each run serves mfe-onboarding from a copy of its build, so that a release deployed over it in
  // one run (releases.e2e.ts) is not the build another run is serving at the same time.
  const onboardingDir = join(dataDir, 'mfe-onboarding');
  cpSync(join(root, 'mfe-onboarding', 'dist'), onboardingDir, { recursive: true });
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    SKIP_BUILD: '1',
    PORT: String(port),
    MANAGEMENT_PORT: String(managementPort),
    SERVICE_PORT_BASE: String(servicePortBase),
    DATA_DIR: dataDir,
    SMTP_URL: mailbox.smtpUrl,
    OPERATOR_TOKEN,
    TENANTS_FILE: tenantsFile,
    REMOTE_DIRS: `mfe-onboarding=${onboardingDir}`,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Journeys sign many people in from one address; the limits themselves have their own tests.
    OTP_EMAIL_PER_MINUTE: '50',
    OTP_IP_PER_HOUR: '5000',
    VERIFY_IP_PER_15_MINUTES: '5000',
  };
  let database: string | undefined;
  const adminUrl =
    process.env.E2E_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (mode === 'distributed') {
    database = `e2e_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
    env.NATS_URL = process.env.E2E_NATS_URL ?? 'nats://127.0.0.1:4222';
    env.NATS_NAMESPACE = database;
    env.REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
    env.CACHE_PREFIX = `${database}:`;
  }
  const script = mode === 'distributed' ? 'scripts/start-distributed.mjs' : 'scripts/start.mjs';
  const child = spawn(process.execPath, [join(root, script)], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const product = { alive: () => child.exitCode === null, name: 'the product' };
  await waitUntilAnswering(`${baseUrl}/remotes.json`, product);
  await waitUntilAnswering(`${baseUrl}/healthz`, product);
  const management = managementPorts(servicePortBase);
  if (mode === 'distributed') {
    // Each service is its own process: the gateway answering says nothing about them.
    await Promise.all(
      Object.values(management).map((p) =>
        waitUntilAnswering(`http://127.0.0.1:${p}/readyz`, product),
      ),
    );
  }

  project.provide('baseUrl', baseUrl);
  project.provide('mailboxUrl', mailbox.httpUrl);
  project.provide('subscriptionManagementUrl', `http://127.0.0.1:${management.subscription}`);
  project.provide('operatorToken', OPERATOR_TOKEN);
  project.provide('mode', mode);
  project.provide('onboardingDir', onboardingDir);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    await mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (database) {
      await deleteNamespaceStreams(env.NATS_URL!, database);
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  };
}
