import type { Server } from 'node:http';

/**
 * Runs `close` (which stops the listener and waits for requests in progress) while closing every
 * keep-alive connection as soon as it falls idle. Node's server.close() closes the connections
 * idle at the moment it is called; one that was busy then stays open after its answer until its
 * keep-alive timeout, and the shutdown would wait for it (until the grace period kills the process).
 */
export async function closeWhileSweepingIdle(
  server: Pick<Server, 'closeIdleConnections'>,
  close: () => Promise<unknown>,
): Promise<void> {
  const sweeper = setInterval(() => server.closeIdleConnections(), 100);
  try {
    await close();
  } finally {
    clearInterval(sweeper);
  }
}
