import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { currentRequestId, runHandlersInRequestContext } from './request-context.js';

const app = Fastify({ requestIdHeader: 'x-request-id', genReqId: () => 'generated' });
runHandlersInRequestContext(app);
// The id is read after the handler has waited, as an event written at the end of a change would.
app.post('/echo', async (request) => {
  const { waitMs } = request.body as { waitMs: number };
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  return { requestId: currentRequestId(), body: request.body };
});
app.get('/plain', async () => {
  await Promise.resolve();
  return { requestId: currentRequestId() };
});

afterAll(async () => {
  await app.close();
});

describe('runHandlersInRequestContext', () => {
  it("carries each request's id through its handler's awaits, overlapping requests apart", async () => {
    const [slow, fast] = await Promise.all([
      app.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'x-request-id': 'slow-one' },
        payload: { waitMs: 30 },
      }),
      app.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'x-request-id': 'fast-one' },
        payload: { waitMs: 1 },
      }),
    ]);
    expect(slow.json()).toEqual({ requestId: 'slow-one', body: { waitMs: 30 } });
    expect(fast.json()).toEqual({ requestId: 'fast-one', body: { waitMs: 1 } });
  });

  it('uses the generated id when the caller sent none, and no id outside a request', async () => {
    expect((await app.inject({ method: 'GET', url: '/plain' })).json()).toEqual({
      requestId: 'generated',
    });
    expect(currentRequestId()).toBeUndefined();
  });
});
