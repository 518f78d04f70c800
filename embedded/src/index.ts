import { createServer } from 'node:net';
import { join } from 'node:path';
import { loadGatewayConfig, startGateway } from '@meetings/gateway';
import {
  createLogger,
  EmbeddedPostgres,
  InProcessBus,
  jwksKeyStore,
  type KeyStore,
  MemoryCache,
  type RunningService,
  type SharedRuntime,
  type StartOptions,
} from '@meetings/service-kit';
import { startActionsService } from '@meetings/svc-actions';
import { startAuthService } from '@meetings/svc-auth';
import { startMeetingsService } from '@meetings/svc-meetings';
import { startSubscriptionService } from '@meetings/svc-subscription';

export interface FrontEndDirs {
  shellDir: string;
  /** name=dir pairs, e.g. `mfe-meetings=/app/mfe-meetings/dist`. */
  remoteDirs: string[];
}

export interface PlatformOptions {
  /** The gateway's port (0 picks a free one). */
  port?: number;
  host?: string;
  /** Where the embedded database keeps its files (`memory://` for a throwaway one). */
  dataDir?: string;
  env?: Record<string, string | undefined>;
  frontEnds?: FrontEndDirs;
  /** Pre-made infrastructure to use instead of the embedded one (tests against real servers). */
  shared?: SharedRuntime;
}

export interface RunningPlatform {
  url: string;
  services: {
    auth: RunningService;
    subscription: RunningService;
    meetings: RunningService;
    actions: RunningService;
  };
  close(): Promise<void>;
}

/** Settings that name one process's own network place; every service gets its own. */
const PER_PROCESS = ['PORT', 'MANAGEMENT_PORT', 'HOST', 'DATABASE_SCHEMA'];

/**
 * The embedded mode: every service, the gateway and the built front ends in one process, on one
 * embedded PostgreSQL (a schema per service), one in-process bus and one memory cache. Services
 * listen on loopback ports of their own, so the gateway reaches them exactly as in the
 * distributed mode. DATABASE_URL, NATS_URL and REDIS_URL, when set, still take precedence.
 */
export async function startPlatform(options: PlatformOptions = {}): Promise<RunningPlatform> {
  const env = { ...(options.env ?? process.env) };
  const gatewayPort = options.port ?? Number(env.PORT ?? 8080);
  const gatewayManagementPort = Number(
    env.MANAGEMENT_PORT ?? (gatewayPort === 0 ? 0 : gatewayPort + 1),
  );
  for (const name of PER_PROCESS) delete env[name];
  const dataDir = options.dataDir ?? env.DATA_DIR ?? './.data';
  const logger = createLogger('platform', (env.LOG_LEVEL as 'info' | undefined) ?? 'info');

  let ownedDb: EmbeddedPostgres | undefined;
  let ownedBus: InProcessBus | undefined;
  const shared: SharedRuntime = { ...options.shared };
  if (!shared.embeddedDb && !env.DATABASE_URL) {
    ownedDb = await EmbeddedPostgres.open(
      dataDir === 'memory://' ? 'memory://' : join(dataDir, 'pglite'),
    );
    shared.embeddedDb = ownedDb;
  }
  if (!shared.bus && !env.NATS_URL) {
    // Held until every service has registered its consumers, so no early event finds nobody.
    ownedBus = new InProcessBus(logger.child({ component: 'bus' }), { deferred: true });
    shared.bus = ownedBus;
  }
  shared.memoryCache ??= new MemoryCache();

  const started: RunningService[] = [];
  const stopAll = async () => {
    for (const service of [...started].reverse()) await service.close().catch(() => undefined);
    await ownedBus?.close();
    await ownedDb?.close();
  };
  const host = '127.0.0.1';
  // Services listen on base+1 … base+4 (auth, subscription, meetings, actions) and their
  // management ports on base+101 … base+104; without a base, on free ports.
  const portBase = Number(env.SERVICE_PORT_BASE ?? 0);
  const start = async <T extends RunningService>(
    starter: (o: StartOptions) => Promise<T>,
    extraEnv: Record<string, string> = {},
    managementPort?: number,
  ) => {
    const service = await starter({
      shared,
      port: portBase > 0 ? portBase + started.length + 1 : 0,
      managementPort: managementPort ?? (portBase > 0 ? portBase + 100 + started.length + 1 : 0),
      host,
      env: { ...env, DATA_DIR: dataDir, ...extraEnv },
    });
    started.push(service);
    return service;
  };

  // One key store for every service of the process, svc-auth included: the keys svc-auth
  // publishes, whose address is known once it listens.
  let authKeys: KeyStore | undefined;
  shared.keyStore ??= (header, token) =>
    authKeys ? authKeys(header, token) : Promise.reject(new Error('svc-auth has not started'));

  try {
    // svc-auth's digest asks svc-actions, which starts last: its management port is chosen now.
    const actionsManagementPort = portBase > 0 ? portBase + 104 : await freePort(host);
    // Links in e-mails and calendars lead to this process's gateway unless the address is set.
    const publicBaseUrl: Record<string, string> =
      env.PUBLIC_BASE_URL || gatewayPort === 0
        ? {}
        : { PUBLIC_BASE_URL: `http://localhost:${gatewayPort}` };
    const auth = await start(startAuthService, {
      ACTIONS_INTERNAL_URL: `http://${host}:${actionsManagementPort}`,
      ...publicBaseUrl,
    });
    authKeys = jwksKeyStore(`${auth.managementUrl}/internal/jwks`);
    const subscription = await start(startSubscriptionService);
    // Each calls the internal routes of the services started before it, on their management ports.
    const meetings = await start(startMeetingsService, {
      SUBSCRIPTION_INTERNAL_URL: subscription.managementUrl,
      ...publicBaseUrl,
    });
    const actions = await start(
      startActionsService,
      { MEETINGS_INTERNAL_URL: meetings.managementUrl },
      actionsManagementPort,
    );
    ownedBus?.open();

    const gatewayConfig = loadGatewayConfig({
      ...env,
      PORT: String(gatewayPort),
      MANAGEMENT_PORT: String(gatewayManagementPort),
      HOST: options.host ?? env.GATEWAY_HOST ?? '0.0.0.0',
      AUTH_URL: auth.url,
      SUBSCRIPTION_URL: subscription.url,
      MEETINGS_URL: meetings.url,
      ACTIONS_URL: actions.url,
      AUTH_MANAGEMENT_URL: auth.managementUrl,
      SHELL_DIR: options.frontEnds?.shellDir,
      REMOTE_DIRS: options.frontEnds?.remoteDirs.join(','),
      // The gateway hears session revocations on the shared bus instead.
      NATS_URL: undefined,
    });
    const gateway = await startGateway(gatewayConfig, {
      bus: shared.bus,
      spanExporter: shared.spanExporter,
    });

    return {
      url: gateway.url,
      services: { auth, subscription, meetings, actions },
      close: async () => {
        await gateway.close().catch(() => undefined);
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** A port nobody listens on right now, for a service whose address another must know first. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
