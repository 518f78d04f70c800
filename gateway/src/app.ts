import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import fastifyReplyFrom from '@fastify/reply-from';
import {
  isLiveStreamPath,
  LIVE_HEARTBEAT_MS,
  MAX_BODY_BYTES,
  SessionRevokedSchema,
  Subjects,
} from '@meetings/contracts';
import {
  addManagementListener,
  contextOf,
  closeWhileSweepingIdle,
  createLogger,
  createTelemetry,
  eventData,
  JetStreamBus,
  LATENCY_BUCKETS,
  traceHeaders,
  traceRequests,
  type Door,
  type MessageBus,
} from '@meetings/service-kit';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { GatewayEnv } from './config.js';
import { answerClientError, sendError, upstreamFailure } from './errors.js';
import { proxyLiveNotes } from './live-notes.js';
import { pickHeaders, sessionToken } from './headers.js';
import { isCanonicalPath } from './paths.js';
import { routeFor, type Upstream } from './routes.js';
import { refuseCrossSite, securityHeaders } from './security.js';
import { SessionResolver } from './sessions.js';
import { serveFrontEnds } from './static.js';
import { Tenants } from './tenants.js';

export interface GatewayOptions {
  /** The embedded host shares its in-process bus. */
  bus?: MessageBus;
  /** Where spans go instead of OTLP (tests read traces from it). */
  spanExporter?: SpanExporter;
}

const REQUEST_ID = /^[\w.:-]{8,128}$/;
/** A live stream is quiet but for its heartbeat: it may go three heartbeats without a byte. */
const LIVE_STREAM_IDLE_MS = 3 * LIVE_HEARTBEAT_MS;

/**
 * The client's headers a service may read. Everything else stops here, above all the headers the
 * platform's parts send each other (tokens, tenant, forwarding, trace): only the gateway sets those.
 */
const FORWARDED_REQUEST_HEADERS = [
  'host',
  'accept',
  'accept-encoding',
  'accept-language',
  'content-type',
  'content-length',
  'if-match',
  'if-none-match',
  'if-modified-since',
  'if-unmodified-since',
  'user-agent',
];

export async function createGateway(
  config: GatewayEnv,
  options: GatewayOptions = {},
): Promise<FastifyInstance> {
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: MAX_BODY_BYTES,
    // Slow clients (headers or body trickling in) are cut off after CLIENT_TIMEOUT_MS, checked
    // every second rather than Node's default 30 s, so they cannot hold connections for long.
    requestTimeout: config.CLIENT_TIMEOUT_MS,
    http: {
      headersTimeout: config.CLIENT_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(1_000, config.CLIENT_TIMEOUT_MS),
    },
    keepAliveTimeout: 72_000,
    connectionTimeout: 60_000,
    // Requests Node refuses before Fastify sees them still get the API's JSON error body.
    clientErrorHandler: answerClientError,
    // Trust exactly as many X-Forwarded-For hops as there are proxies in front of us.
    trustProxy: (_address: string, hop: number) => hop < config.TRUSTED_PROXY_HOPS,
    requestIdHeader: false,
    // An address the router cannot decode gets the API's error body, like every other refusal.
    frameworkErrors: (_error, request, reply) => sendError(request, reply, 'badAddress'),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });

  const upstreams: Record<Upstream, string> = {
    auth: config.AUTH_URL,
    subscription: config.SUBSCRIPTION_URL,
    meetings: config.MEETINGS_URL,
    actions: config.ACTIONS_URL,
  };
  const sessions = new SessionResolver(config.AUTH_MANAGEMENT_URL, {
    maxAgeMs: config.SESSION_CACHE_MS,
    maxEntries: config.SESSION_CACHE_MAX,
  });
  const tenants = new Tenants(config.TENANTS_FILE);
  for (const warning of tenants.contrastWarnings) app.log.warn(warning);
  const metrics = gatewayMetrics();
  const telemetry = createTelemetry('gateway', {
    otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    exporter: options.spanExporter,
  });
  traceRequests(app, telemetry.tracer);

  const ownedBus =
    options.bus || !config.NATS_URL
      ? undefined
      : new JetStreamBus(
          { url: config.NATS_URL, name: 'gateway', namespace: config.NATS_NAMESPACE },
          logger.child({ component: 'nats' }),
        );
  const bus = options.bus ?? ownedBus;
  const unsubscribe = bus?.subscribe(Subjects.SessionRevoked, (delivery) => {
    const revoked = eventData(delivery, SessionRevokedSchema);
    if (revoked) sessions.forgetSession(revoked.sessionId);
  });
  const stopLiveNotes = proxyLiveNotes(app.server, sessions, config, app.log);
  // Open live streams would hold the close until their service ends them: they end first, and
  // each browser reconnects (to another replica, or to this one restarted).
  const liveStreams = new Set<FastifyReply>();
  app.addHook('preClose', async () => {
    stopLiveNotes();
    for (const reply of liveStreams) reply.raw.destroy();
  });
  app.addHook('onClose', async () => {
    unsubscribe?.();
    await ownedBus?.close();
    await telemetry.shutdown().catch(() => undefined);
  });

  // Bodies are forwarded as received; the service parses and validates them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  securityHeaders(app, config);
  await app.register(fastifyReplyFrom, {
    undici: {
      connections: 256,
      pipelining: 1,
      keepAliveTimeout: 30_000,
      headersTimeout: config.UPSTREAM_TIMEOUT_MS,
      bodyTimeout: config.UPSTREAM_TIMEOUT_MS,
    },
    retryMethods: [],
    maxRetriesOn503: 0,
    disableRequestLogging: true,
  });

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    // Before anything looks at the path: the route table and the services must read it alike.
    if (!isCanonicalPath(request.url)) return sendError(request, reply, 'badAddress');
  });
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    // A live stream lasts as long as its page is open: its own label keeps the latencies readable.
    const route = request.url.startsWith('/api/')
      ? isLiveStreamPath(path)
        ? 'live'
        : (routeFor(path) ?? 'unknown')
      : 'static';
    metrics.duration.observe(
      { upstream: route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 413) return sendError(request, reply, 'payloadTooLarge');
    if (status >= 400 && status < 500) return sendError(request, reply, 'validationFailed', status);
    request.log.error({ err: error }, 'gateway error');
    return sendError(request, reply, 'internal');
  });

  managementListeners.set(
    app,
    // Not the not-found handler: it answers page paths with the shell's page.
    addManagementListener(app, app.server, gatewayDoor, (request, reply) =>
      sendError(request, reply, 'notFound'),
    ),
  );
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async () => ({ status: 'ready' }));
  app.get('/metrics', async (_request, reply) =>
    reply
      .header('content-type', metrics.registry.contentType)
      .send(await metrics.registry.metrics()),
  );
  app.get('/branding.json', async (request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return tenants.brandingFor(request.host);
  });

  app.all('/api/*', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const upstream = routeFor(path);
    if (!upstream) return sendError(request, reply, 'notFound');
    // The proxy decodes the address to look for ../: bytes that are not UTF-8 would make it throw.
    try {
      decodeURIComponent(request.url);
    } catch {
      return sendError(request, reply, 'badAddress');
    }
    if (!TOKEN_LINKS.has(path) && refuseCrossSite(request, reply)) return reply;

    const token = sessionToken(request.headers, request.protocol === 'https');
    const session = token ? await sessions.resolve(token) : null;
    if (session === 'unavailable') return sendError(request, reply, 'upstreamUnavailable');
    const internalToken = session?.internalToken;
    const branding = tenants.brandingFor(request.host);
    // Bodies go on as the bytes the client sent (reply-from would re-encode a parsed JSON body).
    const body = Buffer.isBuffer(request.body)
      ? { body: request.body, contentType: request.headers['content-type'] ?? 'application/json' }
      : {};
    const live = isLiveStreamPath(path);
    if (live) {
      liveStreams.add(reply);
      reply.raw.once('close', () => liveStreams.delete(reply));
    }
    return reply.from(`${upstreams[upstream]}${request.url}`, {
      ...body,
      timeout: live ? LIVE_STREAM_IDLE_MS : config.UPSTREAM_TIMEOUT_MS,
      rewriteRequestHeaders: (_req, headers) => ({
        ...pickHeaders(headers, FORWARDED_REQUEST_HEADERS),
        'x-request-id': request.id,
        'x-forwarded-for': request.ip,
        'x-forwarded-proto': request.protocol,
        'x-forwarded-host': request.host,
        'x-product-name': branding.emailSenderName ?? branding.productName,
        ...(internalToken ? { authorization: `Bearer ${internalToken}` } : {}),
        // The service's span continues this request's trace.
        ...traceHeaders(contextOf(request)),
      }),
      onResponse: (_req, res, upstreamResponse) => {
        // A successful logout through this gateway forgets the session here at once; after a new
        // time zone the next request asks for an internal token that carries it.
        if (token && upstreamResponse.statusCode === 200 && forgetsSession(path))
          sessions.forgetToken(token);
        void res.send(upstreamResponse.stream);
      },
      onError: (res, { error }) => {
        request.log.warn({ err: error, upstream }, 'upstream failed');
        void sendError(request, res as FastifyReply, upstreamFailure(error));
        metrics.upstreamErrors.inc({ upstream, status_code: String(res.statusCode) });
      },
    });
  });

  await serveFrontEnds(app, config);
  return app;
}

export async function startGateway(config: GatewayEnv, options: GatewayOptions = {}) {
  const app = await createGateway(config, options);
  await app.listen({ port: config.PORT, host: config.HOST });
  const { port } = app.server.address() as AddressInfo;
  const managementUrl = await managementListeners
    .get(app)!
    .listen(config.MANAGEMENT_PORT, config.HOST)
    .catch(async (error: unknown) => {
      await app.close();
      throw error;
    });
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    managementUrl,
    close: () => closeWhileSweepingIdle(app.server, () => app.close()),
  };
}

const managementListeners = new WeakMap<
  FastifyInstance,
  ReturnType<typeof addManagementListener>
>();

/** Metrics and readiness only on the management port; liveness on both; the rest is public. */
function gatewayDoor(route: string): Door {
  if (route === '/healthz') return 'both';
  return route === '/metrics' || route === '/readyz' ? 'management' : 'public';
}

/**
 * E-mailed links whose token is the whole authority, posted by mail providers (one-click, a form
 * body) or by their own page: a cross-site request can do no more than the link already allows.
 */
const TOKEN_LINKS = new Set(['/api/auth/unsubscribe']);

/** Paths after whose success this gateway's copy of the session is stale. */
const FORGET_AFTER = new Set(['/api/auth/logout', '/api/auth/time-zone']);

/** Whether `path` is in FORGET_AFTER as the services read it: decoded, trailing slash or not. */
function forgetsSession(path: string): boolean {
  const decoded = decodeURIComponent(path);
  return FORGET_AFTER.has(decoded.endsWith('/') ? decoded.slice(0, -1) : decoded);
}

function gatewayMetrics() {
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'gateway' });
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    duration: new Histogram({
      name: 'gateway_request_duration_seconds',
      help: 'Gateway request latency by upstream and status',
      labelNames: ['upstream', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    upstreamErrors: new Counter({
      name: 'gateway_upstream_errors_total',
      help: 'Upstream failures answered by the gateway',
      labelNames: ['upstream', 'status_code'],
      registers: [registry],
    }),
  };
}
