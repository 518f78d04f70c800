import { createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';

// A meeting's live stream (server-sent events) passes through the gateway as it is
// written, outlives the timeout of ordinary answers, and ends when the gateway stops.

const MEETING = '9b2f3c1e-1d2a-4c5b-8e7f-0a1b2c3d4e5f';
const UPSTREAM_TIMEOUT_MS = 300;

let upstream: Server;
let gateway: FastifyInstance;
let base: string;
const open = new Set<ServerResponse>();

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  // svc-meetings as the gateway sees it: the first event at once, the next well after the
  // ordinary upstream timeout, and the stream left open.
  upstream = createServer((req, res) => {
    if (req.url !== `/api/meetings/${MEETING}/live`) {
      res.writeHead(404).end();
      return;
    }
    open.add(res);
    res.on('close', () => open.delete(res));
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    res.write('event: changed\ndata: {"version":1}\n\n');
    setTimeout(() => res.write('event: changed\ndata: {"version":2}\n\n'), 3 * UPSTREAM_TIMEOUT_MS);
  });
  const meetingsUrl = await listen(upstream);
  gateway = await createGateway(
    loadGatewayConfig({
      LOG_LEVEL: 'silent',
      PORT: '0',
      AUTH_URL: 'http://127.0.0.1:9',
      AUTH_MANAGEMENT_URL: 'http://127.0.0.1:9',
      SUBSCRIPTION_URL: 'http://127.0.0.1:9',
      MEETINGS_URL: meetingsUrl,
      ACTIONS_URL: 'http://127.0.0.1:9',
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
    }),
  );
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await gateway?.close();
  for (const res of open) res.destroy();
  upstream?.close();
});

/** Reads a stream's chunks as they arrive, each with the time it came. */
async function* chunks(response: Response): AsyncGenerator<{ text: string; at: number }> {
  const decoder = new TextDecoder();
  for await (const chunk of response.body!)
    yield { text: decoder.decode(chunk as Uint8Array), at: Date.now() };
}

describe("a meeting's live stream through the gateway", () => {
  it('arrives event by event, unbuffered and uncompressed, and outlives the ordinary upstream timeout', async () => {
    const started = Date.now();
    const response = await fetch(`${base}/api/meetings/${MEETING}/live`, {
      headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip, br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('content-length')).toBeNull();

    const received: { text: string; at: number }[] = [];
    for await (const chunk of chunks(response)) {
      received.push(chunk);
      if (
        received
          .map((c) => c.text)
          .join('')
          .includes('"version":2')
      )
        break;
    }
    const text = received.map((c) => c.text).join('');
    expect(text).toBe(
      'event: changed\ndata: {"version":1}\n\nevent: changed\ndata: {"version":2}\n\n',
    );
    // The first event came at once, the second after the ordinary timeout had long passed.
    expect(received[0]!.text).toBe('event: changed\ndata: {"version":1}\n\n');
    expect(received[0]!.at - started).toBeLessThan(2 * UPSTREAM_TIMEOUT_MS);
    expect(received.at(-1)!.at - started).toBeGreaterThanOrEqual(3 * UPSTREAM_TIMEOUT_MS - 50);
  });

  it('ends open streams when the gateway closes, instead of waiting for them', async () => {
    const response = await fetch(`${base}/api/meetings/${MEETING}/live`);
    const reader = chunks(response);
    expect((await reader.next()).value?.text).toContain('"version":1');
    const started = Date.now();
    await gateway.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    // The browser sees its stream end (and reconnects).
    const ended = await reader.next().then(
      (next) => next.done,
      () => true,
    );
    expect(ended).toBe(true);
  });
});
