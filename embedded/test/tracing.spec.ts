import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, signIn, startTestPlatform, type TestPlatform } from './helpers.js';

const spans = new InMemorySpanExporter();
let t: TestPlatform;

beforeAll(async () => {
  t = await startTestPlatform({ shared: { spanExporter: spans } });
});

afterAll(async () => {
  await t?.close();
});

const service = (span: ReadableSpan) => String(span.resource.attributes['service.name']);

describe('tracing', () => {
  it('follows one request from the gateway through the service to the consumer of its event', async () => {
    const client = await signIn(t, 'traced@example.com');
    spans.reset();
    const created = await client.call('POST', '/api/meetings/create', { title: 'Traced meeting' });
    expect(created.status).toBe(201);

    const gatewaySpan = await eventually(async () =>
      spans.getFinishedSpans().find((s) => service(s) === 'gateway' && s.name === 'POST /api/*'),
    );
    const traceId = gatewaySpan.spanContext().traceId;
    const inTrace = () =>
      spans.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    await eventually(async () =>
      inTrace().some(
        (s) => service(s) === 'svc-actions' && s.name === 'process meetings.meeting.upserted',
      ),
    );

    const names = inTrace().map((s) => `${service(s)}: ${s.name}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'gateway: POST /api/*',
        'svc-meetings: POST /api/meetings/create',
        'svc-meetings: publish meetings.meeting.upserted',
        'svc-actions: process meetings.meeting.upserted',
      ]),
    );
    // Each hop is the child of the one before it.
    const byName = (name: string) => inTrace().find((s) => `${service(s)}: ${s.name}` === name)!;
    const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
    expect(parentOf(byName('svc-meetings: POST /api/meetings/create'))).toBe(
      gatewaySpan.spanContext().spanId,
    );
    expect(parentOf(byName('svc-meetings: publish meetings.meeting.upserted'))).toBe(
      byName('svc-meetings: POST /api/meetings/create').spanContext().spanId,
    );
    expect(parentOf(byName('svc-actions: process meetings.meeting.upserted'))).toBe(
      byName('svc-meetings: publish meetings.meeting.upserted').spanContext().spanId,
    );
  });
});
