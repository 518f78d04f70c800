import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from './eventually.js';
import { freePort } from './ports.js';

/** A server of our own on a free port, to stop and start in fault tests (never the shared one). */
export interface PrivateServer {
  readonly url: string;
  readonly port: number;
  /** Stops the server: `graceful` lets it close connections itself, otherwise it is killed. */
  stop(how?: 'graceful' | 'kill'): Promise<void>;
  start(): Promise<void>;
  running(): boolean;
  /** Stops it and removes its files. */
  close(): Promise<void>;
}

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * A server that runs as a child process listening on `port`: up when this returns, stopped (killed
 * unless `graceful`) and started again by the fault tests.
 */
async function childProcessServer(
  url: string,
  port: number,
  launch: () => ChildProcess,
  removeFiles = () => {},
): Promise<PrivateServer> {
  let child: ChildProcess | null = null;
  const start = async () => {
    if (child) return;
    child = launch();
    await eventually(() => reachable(port), 10_000, `${url} answering`);
  };
  const stop = async (how: 'graceful' | 'kill' = 'kill') => {
    const running = child;
    child = null;
    if (!running) return;
    running.kill(how === 'kill' ? 'SIGKILL' : 'SIGTERM');
    await exited(running);
  };
  await start();
  return {
    url,
    port,
    start,
    stop,
    running: () => child !== null,
    async close() {
      await stop('kill');
      removeFiles();
    },
  };
}

/** A private redis-server without persistence (`--save "" --appendonly no`). */
export async function startPrivateRedis(binary = 'redis-server'): Promise<PrivateServer> {
  const port = await freePort();
  return childProcessServer(`redis://127.0.0.1:${port}`, port, () =>
    spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    ),
  );
}

function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error('initdb not found (set PG_BIN)');
  return join(base, versions[0]!, 'bin');
}

/**
 * A throwaway PostgreSQL cluster (initdb into a temp dir, trust auth, no fsync) on a free port.
 * PostgreSQL refuses to run as root, so under root it runs as the `postgres` user.
 */
export async function startPrivatePostgres(): Promise<PrivateServer> {
  const bin = postgresBin();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pg-private-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : join(bin, tool),
      asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args,
      { stdio: 'pipe', timeout: 60_000 },
    );
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  let up = false;
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  const start = async () => {
    if (up) return;
    run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
    up = true;
  };
  const stop = async (how: 'graceful' | 'kill' = 'graceful') => {
    if (!up) return;
    // fast: ends every session with "terminating connection due to administrator command";
    // immediate: a crash, the next start recovers from the WAL.
    run('pg_ctl', ['-D', data, '-m', how === 'graceful' ? 'fast' : 'immediate', '-w', 'stop']);
    up = false;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    running: () => up,
    async close() {
      await stop('kill').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A private NATS server with JetStream, its store in a temp dir. */
export async function startPrivateNats(binary = '/usr/sbin/nats-server'): Promise<PrivateServer> {
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), 'nats-store-'));
  return childProcessServer(
    `nats://127.0.0.1:${port}`,
    port,
    () =>
      spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], {
        stdio: 'ignore',
      }),
    () => rmSync(storeDir, { recursive: true, force: true }),
  );
}
