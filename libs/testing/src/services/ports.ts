import { createServer } from 'node:net';

/** Whether a listener could bind `port` on the loopback address right now. */
export async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Ports freePort gave this process, each given once. */
const handedOut = new Set<number>();

/**
 * A port nobody uses right now, for a process that must know its URL before it starts. Drawn below
 * the range the OS takes outgoing connections' ports from (32768 and up on Linux): a port from
 * there could be taken by another process's connection before the listener binds it.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    // Asked for several before any is bound: never the same one twice.
    if (handedOut.has(port) || !(await portIsFree(port))) continue;
    handedOut.add(port);
    return port;
  }
}
