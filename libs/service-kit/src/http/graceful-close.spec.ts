import { Agent, createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeWhileSweepingIdle } from './graceful-close.js';

// A request in progress when shutdown begins keeps its keep-alive connection open after its
// answer; the shutdown must not wait for that connection's keep-alive timeout.
const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((agent) => agent.destroy()));

async function slowServer(): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => setTimeout(() => res.end('done'), 200));
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

function keepAliveGet(url: string): Promise<string> {
  const agent = new Agent({ keepAlive: true });
  agents.push(agent);
  return new Promise((resolve, reject) => {
    get(url, { agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

const closed = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('closeWhileSweepingIdle', () => {
  it('answers the request in progress, then closes its connection without waiting', async () => {
    const { server, url } = await slowServer();
    const answer = keepAliveGet(url);
    await sleep(50);
    const started = Date.now();
    await closeWhileSweepingIdle(server, () => closed(server));
    expect(await answer).toBe('done');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('is needed: a plain close waits for the connection that was busy', async () => {
    const { server, url } = await slowServer();
    const answer = keepAliveGet(url);
    await sleep(50);
    const outcome = await Promise.race([
      closed(server).then(() => 'closed'),
      sleep(1_500).then(() => 'still open'),
    ]);
    expect(await answer).toBe('done');
    expect(outcome).toBe('still open');
    server.closeAllConnections();
  });
});
