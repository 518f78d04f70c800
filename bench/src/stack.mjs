// Starts what is measured, each as its own process so the load generator never shares their
// event loop: the distributed product (four services + gateway on the machine's PostgreSQL, NATS
// JetStream and Redis, in the benchmark's own database, NATS namespace and Redis prefix), the
// minimal Fastify + pg handler, and the embedded product (one process, PGlite).
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, waitUntilAnswering } from '@meetings/testing/services';
import { SignJWT } from 'jose';
import { NATS_URL, RAW_DIR, REDIS_URL, ROOT, databaseUrl, ensureDir } from './config.mjs';

/** Waits for a process of the stack (`child`, when given) to answer at `url`. */
export function waitFor(url, child, timeoutMs = 120_000) {
  return waitUntilAnswering(url, { timeoutMs, alive: () => !child || child.exitCode === null });
}

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

function launch(name, script, env, logName) {
  const log = openSync(join(ensureDir(RAW_DIR), `${logName ?? name}.log`), 'a');
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles every process of the stack.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', log, log],
  });
  child.name = name;
  return child;
}

async function stopAll(children) {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), 8_000);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** An ES256 key for svc-auth (INTERNAL_JWT_PRIVATE_KEY), so the benchmark can sign internal tokens too. */
export function signingKey() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { privateKey, pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

/**
 * What the services need under NODE_ENV=production: svc-auth's two secrets and a way for codes to
 * go out (the benchmark signs nobody in by code: the log will do), and svc-meetings' calendar
 * feed key.
 */
function productionSecrets(key) {
  return {
    INTERNAL_JWT_PRIVATE_KEY: key.pem,
    OTP_HMAC_SECRET: randomBytes(48).toString('base64'),
    LOG_LOGIN_CODES: 'true',
    CALENDAR_FEED_SECRET: randomBytes(48).toString('base64'),
  };
}

/**
 * A valid internal token for a user, as svc-auth signs it (what a direct call to a service needs).
 * The key id is read from svc-auth's JWKS so the services find the key.
 */
export async function internalToken(stack, who, ttlSeconds = 280) {
  if (!stack.kid) {
    const jwks = await (await fetch(`${stack.managementUrls.auth}/internal/jwks`)).json();
    stack.kid = jwks.keys[0].kid;
  }
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: who.email, sid: who.sessionId })
    .setProtectedHeader({ alg: 'ES256', kid: stack.kid, typ: 'JWT' })
    .setSubject(who.id)
    .setIssuer('svc-auth')
    .setAudience('meetings-platform')
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(stack.privateKey);
}

/**
 * The distributed product: svc-auth, svc-subscription, svc-meetings, svc-actions and the gateway as
 * separate processes (what `npm run start:distributed` runs), on the data set's database.
 */
export async function startDistributed({
  size,
  label = size,
  env = {},
  gatewayEnv = {},
  frontEnds = false,
}) {
  const key = signingKey();
  const namespace = `bench${label.replace(/[^A-Za-z0-9]/g, '')}${randomBytes(3).toString('hex')}`;
  const ports = {};
  const managementPorts = {};
  for (const name of ['auth', 'subscription', 'meetings', 'actions', 'gateway']) {
    ports[name] = await freePort();
    managementPorts[name] = await freePort();
  }
  const toUrls = (table) =>
    Object.fromEntries(
      Object.entries(table).map(([name, port]) => [name, `http://127.0.0.1:${port}`]),
    );
  const urls = toUrls(ports);
  // Internal and operator routes, metrics and readiness.
  const managementUrls = toUrls(managementPorts);
  const common = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl(size),
    NATS_URL,
    NATS_NAMESPACE: namespace,
    REDIS_URL,
    CACHE_PREFIX: `${namespace}:`,
    AUTH_JWKS_URL: `${managementUrls.auth}/internal/jwks`,
    SUBSCRIPTION_INTERNAL_URL: managementUrls.subscription,
    MEETINGS_INTERNAL_URL: managementUrls.meetings,
    ACTIONS_INTERNAL_URL: managementUrls.actions,
    // The daily digest stays off: a pass would compete with the measured requests.
    DIGEST_TICK_SECONDS: '0',
    ...productionSecrets(key),
    INDEX_REBUILD_ON_START: 'false',
    OTEL_SDK_DISABLED: 'true',
    ...env,
  };
  const children = [];
  const service = (name, dir) => {
    const child = launch(
      name,
      join(ROOT, dir, 'dist/main.js'),
      {
        ...common,
        PORT: String(ports[name]),
        MANAGEMENT_PORT: String(managementPorts[name]),
        HOST: '127.0.0.1',
      },
      `${label}-${name}`,
    );
    children.push(child);
    return child;
  };
  try {
    // svc-auth first: the others fetch its keys.
    await waitFor(`${urls.auth}/healthz`, service('auth', 'svc-auth'));
    await Promise.all(
      [
        ['subscription', 'svc-subscription'],
        ['meetings', 'svc-meetings'],
        ['actions', 'svc-actions'],
      ].map(([name, dir]) => waitFor(`${urls[name]}/healthz`, service(name, dir))),
    );
    const remotes = ['mfe-onboarding', 'mfe-meetings', 'mfe-actions'];
    const gateway = launch(
      'gateway',
      join(ROOT, 'gateway/dist/main.js'),
      {
        ...common,
        PORT: String(ports.gateway),
        MANAGEMENT_PORT: String(managementPorts.gateway),
        HOST: '127.0.0.1',
        AUTH_URL: urls.auth,
        AUTH_MANAGEMENT_URL: managementUrls.auth,
        SUBSCRIPTION_URL: urls.subscription,
        MEETINGS_URL: urls.meetings,
        ACTIONS_URL: urls.actions,
        ...(frontEnds
          ? {
              SHELL_DIR: join(ROOT, 'shell', 'dist'),
              REMOTE_DIRS: remotes.map((name) => `${name}=${join(ROOT, name, 'dist')}`).join(','),
            }
          : {}),
        ...gatewayEnv,
      },
      `${label}-gateway`,
    );
    children.push(gateway);
    await waitFor(`${urls.gateway}/healthz`, gateway);
    // Every service ready (database, bus, keys) before anything is measured.
    for (const name of ['auth', 'subscription', 'meetings', 'actions'])
      await waitFor(`${managementUrls[name]}/readyz`, null, 30_000);
  } catch (error) {
    await stopAll(children);
    throw error;
  }
  const pids = Object.fromEntries(children.map((child) => [child.name, child.pid]));
  return {
    kind: 'distributed',
    urls,
    managementUrls,
    pids,
    namespace,
    privateKey: key.privateKey,
    async stop() {
      await stopAll(children);
      try {
        const { deleteNamespaceStreams } = await import('@meetings/service-kit');
        await deleteNamespaceStreams(NATS_URL, namespace);
      } catch {
        // streams left behind expire with NATS' own limits
      }
      try {
        const { createClient } = await import('redis');
        const redis = createClient({ url: REDIS_URL });
        await redis.connect();
        for await (const keys of redis.scanIterator({ MATCH: `${namespace}:*`, COUNT: 500 }))
          if (keys.length > 0) await redis.del(keys);
        await redis.quit();
      } catch {
        // keys expire on their own
      }
    },
  };
}

/** The minimal Fastify + pg handler (its own process). */
export async function startMinimal({ size, label = size }) {
  const port = await freePort();
  const child = launch(
    'minimal',
    join(ROOT, 'bench/src/minimal-server.mjs'),
    { DATABASE_URL: databaseUrl(size), PORT: String(port) },
    `${label}-minimal`,
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/healthz`, child);
  } catch (error) {
    await stopAll([child]);
    throw error;
  }
  return { url, pid: child.pid, stop: () => stopAll([child]) };
}

/**
 * The embedded product (`npm start`'s one process) on a data folder, through the benchmark's host
 * script, which adds a probe port to read the in-process cache and index for the event-lag
 * measurements. Returns how long it took until the gateway answered.
 */
export async function startEmbedded({ dataDir, label = 'embedded', env = {}, frontEnds = true }) {
  const port = await freePort();
  const managementPort = await freePort();
  const probePort = await freePort();
  const started = performance.now();
  const child = launch(
    'embedded',
    join(ROOT, 'bench/src/embedded-host.mjs'),
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      MANAGEMENT_PORT: String(managementPort),
      PROBE_PORT: String(probePort),
      DATA_DIR: dataDir,
      FRONT_ENDS: frontEnds ? '1' : '0',
      OTEL_SDK_DISABLED: 'true',
      DATABASE_URL: '',
      NATS_URL: '',
      REDIS_URL: '',
      ...productionSecrets(signingKey()),
      ...env,
    },
    label,
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/healthz`, child, 300_000);
  } catch (error) {
    await stopAll([child]);
    throw error;
  }
  const startMs = performance.now() - started;
  const stack = {
    kind: 'embedded',
    urls: { gateway: url, probe: `http://127.0.0.1:${probePort}` },
    pid: child.pid,
    pids: { embedded: child.pid },
    startMs,
    stop: () => stopAll([child]),
  };
  const services = await (await fetch(`${stack.urls.probe}/services`)).json();
  Object.assign(stack.urls, services);
  stack.managementUrls = await (await fetch(`${stack.urls.probe}/management`)).json();
  return stack;
}
