import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';

let echo: Server;
let proxy: FaultProxy;

beforeAll(async () => {
  echo = createServer((socket) => socket.pipe(socket));
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  proxy = await startFaultProxy({
    host: '127.0.0.1',
    port: (echo.address() as { port: number }).port,
  });
});

afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => echo.close(resolve));
});

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(proxy.port, proxy.host, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Sends `text` and resolves with what comes back, or with null if nothing does within `ms`. */
function roundTrip(socket: Socket, text: string, ms = 1_000): Promise<string | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    socket.once('data', (data) => {
      clearTimeout(timer);
      resolve(data.toString());
    });
    socket.write(text);
  });
}

describe('fault proxy', () => {
  it('passes bytes through', async () => {
    proxy.pass();
    const socket = await open();
    expect(await roundTrip(socket, 'ping')).toBe('ping');
    socket.destroy();
  });

  it('delays every chunk', async () => {
    proxy.delay(150);
    const socket = await open();
    const started = Date.now();
    expect(await roundTrip(socket, 'slow')).toBe('slow');
    // Both directions are held.
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    proxy.pass();
    socket.destroy();
  });

  it('cuts open connections and resets new ones', async () => {
    proxy.pass();
    const socket = await open();
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
    proxy.cut();
    await closed;
    const refused = await new Promise<string>((resolve) => {
      const next = connect(proxy.port, proxy.host);
      next.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      next.once('close', () => resolve('closed'));
    });
    expect(['ECONNRESET', 'closed']).toContain(refused);
    expect(proxy.connections()).toBe(0);
    proxy.pass();
  });

  it('blackholes: no answer while partitioned, the held bytes arrive once it heals', async () => {
    proxy.pass();
    const socket = await open();
    proxy.blackhole();
    const answer = roundTrip(socket, 'held', 3_000);
    await new Promise((r) => setTimeout(r, 300));
    const early = await Promise.race([answer, new Promise((r) => setTimeout(() => r('none'), 10))]);
    expect(early).toBe('none');
    proxy.pass();
    expect(await answer).toBe('held');
    socket.destroy();
  });
});
