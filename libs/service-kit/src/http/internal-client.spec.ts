import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InternalClient } from './internal-client.js';

const Answer = z.object({ ok: z.literal(true) });
type Handler = (request: IncomingMessage, response: ServerResponse) => void;

let server: Server;
let base: string;
let handler: Handler;
let seen: IncomingMessage[];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request);
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  seen = [];
});

const json = (status: number, body: unknown): Handler => {
  return (_request, response) => {
    response.statusCode = status;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(body));
  };
};
const refusal = (status: number, code: string) =>
  json(status, { statusCode: status, code, error: code, message: code });
const client = (timeoutMs = 1_000) => new InternalClient(base, timeoutMs);

describe('InternalClient', () => {
  it('sends the query and the token, and answers what the schema reads', async () => {
    handler = json(200, { ok: true });
    await expect(
      client().get('/internal/thing', Answer, {
        query: { afterId: 'a b', limit: 2, skipped: undefined },
        token: 'tok',
      }),
    ).resolves.toEqual({ ok: true });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('/internal/thing?afterId=a+b&limit=2');
    expect(seen[0]!.headers.authorization).toBe('Bearer tok');
  });

  it('passes refusals through once, without trying again', async () => {
    handler = refusal(403, 'MEETING_ACCESS_DENIED');
    await expect(client().get('/x', Answer)).rejects.toMatchObject({
      status: 403,
      code: 'MEETING_ACCESS_DENIED',
    });
    expect(seen).toHaveLength(1);
  });

  it('tries an unavailable service twice more, then answers 503', async () => {
    handler = refusal(503, 'UPSTREAM_UNAVAILABLE');
    await expect(client().get('/x', Answer)).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(3);
    let calls = 0;
    handler = (request, response) =>
      ++calls < 2
        ? refusal(503, 'UPSTREAM_UNAVAILABLE')(request, response)
        : json(200, { ok: true })(request, response);
    await expect(client().get('/x', Answer)).resolves.toEqual({ ok: true });
  });

  it('answers 503 when nothing listens, 504 when the answer is late (not tried again)', async () => {
    await expect(
      new InternalClient('http://127.0.0.1:9', 500).get('/x', Answer),
    ).rejects.toMatchObject({ status: 503, code: 'UPSTREAM_UNAVAILABLE' });
    handler = () => undefined;
    await expect(client(200).get('/x', Answer)).rejects.toMatchObject({
      status: 504,
      code: 'UPSTREAM_TIMEOUT',
    });
    expect(seen).toHaveLength(1);
  });

  it('answers 502 for any other fault: a 500, a body that is not an error, an answer the schema refuses', async () => {
    for (const answer of [
      refusal(500, 'INTERNAL'),
      json(404, 'not found'),
      json(200, { ok: 'yes' }),
      (_request: IncomingMessage, response: ServerResponse) => response.end('not json'),
    ]) {
      handler = answer;
      await expect(client().get('/x', Answer)).rejects.toMatchObject({
        status: 502,
        code: 'BAD_GATEWAY',
      });
    }
  });
});
