import { createServer, connect, type Server, type Socket } from 'node:net';

export type FaultMode = 'pass' | 'delay' | 'cut' | 'blackhole';

export interface FaultProxy {
  /** `127.0.0.1:<port>` to give clients instead of the server's address. */
  readonly host: string;
  readonly port: number;
  readonly mode: FaultMode;
  /** Connections open right now (both halves counted once). */
  connections(): number;
  /** Forwards bytes as they come (the default). */
  pass(): void;
  /** Holds every chunk `ms` before forwarding it, both ways. */
  delay(ms: number): void;
  /** Resets every open connection and every new one at once (a server that is down). */
  cut(): void;
  /**
   * A partition: connections stay open and nothing gets through either way (new ones are accepted
   * and hear nothing); what was sent arrives once the proxy passes again, as TCP would deliver it.
   */
  blackhole(): void;
  close(): Promise<void>;
}

interface Link {
  client: Socket;
  upstream: Socket;
}

/**
 * A toxiproxy-style TCP proxy for fault tests: put it between a client and a real server, then
 * switch it between passing, delaying, cutting (connection refused/reset) and blackholing (no
 * answer at all) without touching the server, so shared servers never have to stop.
 */
export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: FaultMode = 'pass';
  let delayMs = 0;
  const links = new Set<Link>();
  let held: (() => void)[] = [];
  const release = () => {
    const waiting = held;
    held = [];
    for (const deliver of waiting) deliver();
  };

  const forward = (from: Socket, to: Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (mode === 'cut') return;
      if (mode === 'blackhole') {
        // Held, not dropped: TCP would retransmit it once the partition heals.
        from.pause();
        held.push(() => {
          if (!to.destroyed) to.write(chunk);
          from.resume();
        });
        return;
      }
      if (mode === 'delay' && delayMs > 0) {
        from.pause();
        setTimeout(() => {
          if (!to.destroyed) to.write(chunk);
          from.resume();
        }, delayMs);
        return;
      }
      if (!to.destroyed) to.write(chunk);
    });
  };

  const server: Server = createServer((client) => {
    client.on('error', () => undefined);
    if (mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    const link: Link = { client, upstream };
    links.add(link);
    const drop = () => {
      links.delete(link);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', drop);
    upstream.on('close', drop);
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;

  return {
    host: '127.0.0.1',
    port,
    get mode() {
      return mode;
    },
    connections: () => links.size,
    pass() {
      mode = 'pass';
      release();
    },
    delay(ms: number) {
      mode = 'delay';
      delayMs = ms;
      release();
    },
    cut() {
      mode = 'cut';
      held = [];
      for (const link of [...links]) {
        link.client.resetAndDestroy();
        link.upstream.destroy();
      }
      links.clear();
    },
    blackhole() {
      mode = 'blackhole';
    },
    async close() {
      for (const link of [...links]) {
        link.client.destroy();
        link.upstream.destroy();
      }
      links.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
