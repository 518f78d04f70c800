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
  return (await freePorts([0]))[0]!;
}

/**
 * A base whose ports, as `layout` places them (the distributed mode's SERVICE_PORT_BASE: each
 * service's public and management port at a fixed offset), are all free, drawn as freePort draws.
 */
export async function freePortBase(layout: (base: number) => number[]): Promise<number> {
  const offsets = layout(0);
  return (await freePorts(offsets))[0]! - offsets[0]!;
}

async function freePorts(offsets: number[]): Promise<number[]> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * (12_000 - Math.max(...offsets)));
    const ports = offsets.map((offset) => base + offset);
    // Asked for several before any is bound: never the same one twice.
    if (ports.some((port) => handedOut.has(port))) continue;
    if (!(await Promise.all(ports.map(portIsFree))).every(Boolean)) continue;
    for (const port of ports) handedOut.add(port);
    return ports;
  }
}
