import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  freePort,
  freePortBase,
  startTestSmtp,
  waitUntilAnswering,
} from '@meetings/testing/services';
import {
  basePorts,
  distributedProcesses,
  type ProcessName,
  type ProcessSpec,
  type RemoteName,
} from '../../scripts/distributed-processes.mjs';

export const root = resolve(import.meta.dirname, '..', '..');

export interface ClusterOptions {
  databaseUrl: string;
  natsUrl: string;
  redisUrl: string;
  /** Isolates this run on shared servers (NATS subjects and streams, Redis keys). */
  natsNamespace?: string;
  cachePrefix?: string;
  /** Extra settings for every process. */
  env?: Record<string, string>;
  /** Pins the server processes to these CPUs (taskset list, e.g. "0"). */
  cpus?: string;
  remoteDirs?: Partial<Record<RemoteName, string>>;
}

/** One process of the distributed mode that a test can kill, restart and weigh. */
export class ServiceProcess {
  private child: ChildProcess | null = null;
  private exit: Promise<void> = Promise.resolve();
  private restarts = 0;
  /** How long the last start took until the readiness probe answered (ms). */
  startupMs = 0;

  constructor(
    readonly spec: ProcessSpec,
    private readonly env: Record<string, string>,
    private readonly log: WriteStream,
    private readonly cpus: string | undefined,
  ) {}

  get name(): ProcessName {
    return this.spec.name;
  }

  get url(): string {
    return `http://127.0.0.1:${this.spec.port}`;
  }

  /** Metrics, readiness and (services) the internal and operator routes. */
  get managementUrl(): string {
    return `http://127.0.0.1:${this.spec.managementPort}`;
  }

  get pid(): number | undefined {
    return this.child?.pid ?? undefined;
  }

  running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Spawns the process; resolves once it answers its readiness probe. */
  async start(timeoutMs = 90_000): Promise<void> {
    if (this.running()) return;
    const [command, args] = this.cpus
      ? ['taskset', ['-c', this.cpus, process.execPath, this.spec.script]]
      : [process.execPath, [this.spec.script]];
    this.log.write(`\n---- start #${++this.restarts} ${new Date().toISOString()} ----\n`);
    const child = spawn(command, args, {
      cwd: root,
      env: { ...this.env, ...this.spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.pipe(this.log, { end: false });
    child.stderr!.pipe(this.log, { end: false });
    this.child = child;
    this.exit = new Promise((done) =>
      child.once('exit', (code, signal) => {
        this.log.write(`\n---- exit ${code ?? signal} ${new Date().toISOString()} ----\n`);
        done();
      }),
    );
    const started = Date.now();
    await this.waitReady(timeoutMs);
    this.startupMs = Date.now() - started;
  }

  async waitReady(timeoutMs = 90_000): Promise<void> {
    const probe = this.name === 'gateway' ? `${this.url}/healthz` : `${this.managementUrl}/readyz`;
    await waitUntilAnswering(probe, { timeoutMs, alive: () => this.running(), name: this.name });
  }

  /** Sends a signal; `SIGKILL` is a crash, `SIGTERM` the graceful shutdown. Resolves on exit. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || !this.running()) return;
    // taskset execs node in place, so the pid is node's own.
    child.kill(signal);
    await this.exit;
  }

  async restart(): Promise<void> {
    await this.kill('SIGKILL');
    await this.start();
  }

  /** Resident set size in bytes, read from /proc. */
  rssBytes(): number | undefined {
    if (!this.pid || !this.running()) return undefined;
    try {
      const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
      const match = /VmRSS:\s+(\d+) kB/.exec(status);
      return match ? Number(match[1]) * 1024 : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * V8 heap in use (bytes), from the process's own Prometheus metrics. Sampled often, its lower
   * envelope is the live heap after collections: what a leak makes grow.
   */
  async heapUsedBytes(): Promise<number | undefined> {
    if (!this.running()) return undefined;
    try {
      const response = await fetch(`${this.managementUrl}/metrics`, {
        signal: AbortSignal.timeout(2_000),
      });
      const match = /^nodejs_heap_size_used_bytes(?:{[^}]*})? (\S+)$/m.exec(await response.text());
      return match ? Number(match[1]) : undefined;
    } catch {
      return undefined;
    }
  }

  /** CPU seconds used so far (user + system), read from /proc. */
  cpuSeconds(): number | undefined {
    if (!this.pid || !this.running()) return undefined;
    try {
      const fields = readFileSync(`/proc/${this.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return undefined;
    }
  }
}

export type Mailbox = Awaited<ReturnType<typeof startTestSmtp>>;

/**
 * The distributed mode, one process per service and the gateway, started from the built
 * `dist/` the way `npm run start:distributed` starts them, against the given servers.
 */
export class Cluster {
  readonly processes: Record<ProcessName, ServiceProcess>;

  private constructor(
    readonly gatewayUrl: string,
    readonly mailbox: Mailbox,
    readonly logDir: string,
    processes: ServiceProcess[],
    private readonly logs: WriteStream[],
  ) {
    this.processes = Object.fromEntries(processes.map((p) => [p.name, p])) as Record<
      ProcessName,
      ServiceProcess
    >;
  }

  static async start(options: ClusterOptions): Promise<Cluster> {
    const mailbox = await startTestSmtp();
    const gatewayPort = await freePort();
    const gatewayManagementPort = await freePort();
    const base = await freePortBase(basePorts);
    const logDir = mkdtempSync(join(tmpdir(), 'cluster-logs-'));
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn',
      DATABASE_URL: options.databaseUrl,
      NATS_URL: options.natsUrl,
      REDIS_URL: options.redisUrl,
      SMTP_URL: mailbox.url,
      OTP_EMAIL_PER_MINUTE: '1000',
      OTP_EMAIL_PER_HOUR: '1000',
      OTP_IP_PER_HOUR: '100000',
      VERIFY_IP_PER_15_MINUTES: '100000',
      ...(options.natsNamespace ? { NATS_NAMESPACE: options.natsNamespace } : {}),
      ...(options.cachePrefix ? { CACHE_PREFIX: options.cachePrefix } : {}),
      ...options.env,
    };
    // Test runners set these; the product must not see them.
    delete env.VITEST;
    delete env.TEST_REAL;
    const specs = distributedProcesses({
      root,
      base,
      gatewayPort,
      gatewayManagementPort,
      remoteDirs: options.remoteDirs,
    });
    const logs: WriteStream[] = [];
    const processes = specs.map((spec) => {
      const log = createWriteStream(join(logDir, `${spec.name}.log`), { flags: 'a' });
      logs.push(log);
      return new ServiceProcess(spec, env, log, options.cpus);
    });
    const cluster = new Cluster(
      `http://127.0.0.1:${gatewayPort}`,
      mailbox,
      logDir,
      processes,
      logs,
    );
    try {
      // Side by side, as `npm run start:distributed` does (keys are fetched from svc-auth lazily).
      await Promise.all(processes.map((p) => p.start()));
    } catch (error) {
      const exited = processes.filter((p) => !p.running()).map((p) => p.name);
      await cluster.stop({ keepLogs: true });
      // CI keeps no files: what the processes that exited logged goes in the message.
      const logged = exited.map((name) => `\n---- ${name}.log ----\n${cluster.tail(name, 30)}`);
      throw new Error(`${(error as Error).message}; logs in ${logDir}${logged.join('')}`, {
        cause: error,
      });
    }
    return cluster;
  }

  get services(): ServiceProcess[] {
    return Object.values(this.processes);
  }

  /** The last lines each process logged (for a failing test's message). */
  tail(name: ProcessName, lines = 40): string {
    try {
      return readFileSync(join(this.logDir, `${name}.log`), 'utf8')
        .split('\n')
        .slice(-lines)
        .join('\n');
    } catch {
      return '';
    }
  }

  async stop(options: { keepLogs?: boolean } = {}): Promise<void> {
    await Promise.all(this.services.map((p) => p.kill('SIGTERM')));
    await this.mailbox.close().catch(() => undefined);
    for (const log of this.logs) log.end();
    if (!options.keepLogs && !process.env.KEEP_CLUSTER_LOGS)
      rmSync(this.logDir, { recursive: true, force: true });
  }
}
