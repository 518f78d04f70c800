import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, freePortBase, portIsFree } from './ports.js';

const held: Server[] = [];
/** The distributed mode's layout: four services' ports and, 100 above, their management ports. */
const layout = (base: number) => [1, 2, 3, 4, 101, 102, 103, 104].map((offset) => base + offset);

afterEach(async () => {
  for (const server of held.splice(0)) await new Promise((resolve) => server.close(resolve));
});

function hold(port: number): Promise<void> {
  const server = createServer();
  held.push(server);
  return new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
}

/** The first port the OS gives outgoing connections (32768 when it cannot be read). */
function outgoingRangeStart(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0]);
  } catch {
    return 32_768;
  }
}

describe('free ports', () => {
  it('portIsFree tells a bound port from a free one', async () => {
    const port = await freePort();
    expect(await portIsFree(port)).toBe(true);
    await hold(port);
    expect(await portIsFree(port)).toBe(false);
  });

  it('freePortBase gives a base whose service and management ports are free, below the outgoing range', async () => {
    for (let round = 0; round < 20; round++) {
      const ports = layout(await freePortBase(layout));
      expect(Math.max(...ports)).toBeLessThan(outgoingRangeStart());
      for (const port of ports) expect(await portIsFree(port)).toBe(true);
    }
  });

  it('never hands out a port twice, across freePort and freePortBase', async () => {
    const given = new Set<number>();
    for (let round = 0; round < 200; round++) {
      const ports = [await freePort(), ...layout(await freePortBase(layout))];
      for (const port of ports) {
        expect(given.has(port)).toBe(false);
        given.add(port);
      }
    }
  });
});
