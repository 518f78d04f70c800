import { randomUUID } from 'node:crypto';
import { createServer, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import fastifyReplyFrom from '@fastify/reply-from';
import {
  CommonErrorCode,
  MAX_BODY_BYTES,
  ServerMessages,
  SessionRevokedSchema,
  Subjects,
} from '@meetings/contracts';
import {
  addManagementListener,
  contextOf,
  closeWhileSweepingIdle,
  createLogger,
  createTelemetry,
  JetStreamBus,
  traceHeaders,
  traceRequests,
  type Door,
  type MessageBus,
} from '@meetings/service-kit';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { GatewayEnv } from './config.js';
import { sendError, upstreamFailure } from './errors.js';
import { isCanonicalPath } from './paths.js';
import { routeFor, upstreamUrls } from './routes.js';
import { contentSecurityPolicy, refuseCrossSite, securityHeaders } from './security.js';
import { AuthUnavailableError, SessionResolver } from './sessions.js';
import { sessionCookie } from './cookies.js';
import { serveFrontEnds } from './static.js';
import { Tenants } from './tenants.js';

export interface GatewayOptions {
  /** The bus to hear session revocations on (the embedded host shares its in-process bus). */
  bus?: MessageBus;
  /** Where spans go instead of OTLP (tests read traces from it). */
  spanExporter?: SpanExporter;
}

export interface RunningGateway {
  app: FastifyInstance;
  url: string;
  /** Metrics and readiness. */
  managementUrl: string;
  close(): Promise<void>;
}

const REQUEST_ID = /^[\w.:-]{8,128}$/;
const BAD_ADDRESS = 'The address of the request is not valid.';

/**
 * The client's headers a service may read. Everything else stops here, above all the headers the
 * platform itself uses between its parts (the operator token, the internal token, the tenant's
 * name, forwarding and trace headers): the gateway sets those it needs, a client never does.
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
    // With a server factory Fastify leaves every server setting to us.
    serverFactory: (handler) => {
      const server = createServer(
        {
          requestTimeout: config.CLIENT_TIMEOUT_MS,
          headersTimeout: config.CLIENT_TIMEOUT_MS,
          connectionsCheckingInterval: Math.min(1_000, config.CLIENT_TIMEOUT_MS),
        },
        handler,
      );
      server.keepAliveTimeout = 72_000;
      server.setTimeout(60_000);
      return server;
    },
    // Requests Node refuses before Fastify sees them still get the API's JSON error body.
    clientErrorHandler: clientError,
    // Trust exactly as many X-Forwarded-For hops as there are proxies in front of us.
    trustProxy: (_address: string, hop: number) => hop < config.TRUSTED_PROXY_HOPS,
    requestIdHeader: false,
    // An address the router cannot decode gets the API's error body, like every other refusal.
    frameworkErrors: (_error, request, reply) =>
      sendError(request, reply, 400, CommonErrorCode.ValidationFailed, BAD_ADDRESS),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });

  const upstreams = upstreamUrls(config);
  const sessions = new SessionResolver(config.AUTH_MANAGEMENT_URL, {
    maxAgeMs: config.SESSION_CACHE_MS,
    maxEntries: config.SESSION_CACHE_MAX,
  });
  const tenants = new Tenants(config.TENANTS_FILE);
  const metrics = gatewayMetrics();
  const telemetry = createTelemetry('gateway', {
    otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    exporter: options.spanExporter,
  });
  traceRequests(app, telemetry.tracer);

  let ownedBus: MessageBus | undefined;
  const bus =
    options.bus ??
    (config.NATS_URL
      ? (ownedBus = new JetStreamBus(
          { url: config.NATS_URL, name: 'gateway', namespace: config.NATS_NAMESPACE },
          logger.child({ component: 'nats' }),
        ))
      : undefined);
  const unsubscribe = bus?.subscribe(Subjects.SessionRevoked, (delivery) => {
    const parsed = SessionRevokedSchema.safeParse((delivery.body as { data?: unknown }).data);
    if (parsed.success) sessions.forgetSession(parsed.data.sessionId);
  });
  app.addHook('onClose', async () => {
    unsubscribe?.();
    await ownedBus?.close();
    await telemetry.shutdown().catch(() => undefined);
  });

  // Bodies are forwarded as received; the service parses and validates them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  securityHeaders(app, {
    contentSecurityPolicy: contentSecurityPolicy(config.REMOTE_ORIGINS, config.NOTES_IMAGES),
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts:
      config.NODE_ENV === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
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
    if (!isCanonicalPath(request.url))
      return sendError(request, reply, 400, CommonErrorCode.ValidationFailed, BAD_ADDRESS);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.url.startsWith('/api/')
      ? (routeFor(request.url.split('?')[0]!) ?? 'unknown')
      : 'static';
    metrics.duration.observe(
      { upstream: route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    if (error.statusCode === 413) {
      return sendError(
        request,
        reply,
        413,
        CommonErrorCode.PayloadTooLarge,
        ServerMessages.payloadTooLarge,
      );
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(
        request,
        reply,
        error.statusCode,
        CommonErrorCode.ValidationFailed,
        ServerMessages.validationFailed,
      );
    }
    request.log.error({ err: error }, 'gateway error');
    return sendError(request, reply, 500, CommonErrorCode.Internal, ServerMessages.internal);
  });

  managementListeners.set(
    app,
    // Not the not-found handler: it answers page paths with the shell's page.
    addManagementListener(app, app.server, gatewayDoor, (request, reply) =>
      sendError(request, reply, 404, CommonErrorCode.NotFound, ServerMessages.notFound),
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
    if (!upstream)
      return sendError(request, reply, 404, CommonErrorCode.NotFound, ServerMessages.notFound);
    // The proxy decodes the address to look for ../: bytes that are not UTF-8 would make it throw.
    if (!decodesAsUtf8(request.url))
      return sendError(request, reply, 400, CommonErrorCode.ValidationFailed, BAD_ADDRESS);
    if (!TOKEN_LINKS.has(path) && refuseCrossSite(request, reply)) return reply;

    const token = sessionToken(request);
    let internalToken: string | undefined;
    if (token) {
      try {
        internalToken = (await sessions.resolve(token))?.internalToken;
      } catch (error) {
        if (error instanceof AuthUnavailableError) {
          return sendError(
            request,
            reply,
            503,
            CommonErrorCode.UpstreamUnavailable,
            ServerMessages.upstreamUnavailable,
          );
        }
        throw error;
      }
    }
    const branding = tenants.brandingFor(request.host);
    const clientIp = request.ip;
    const protocol = request.protocol;
    const host = request.host;
    // Bodies go on as the bytes the client sent (reply-from would re-encode a parsed JSON body).
    const body = Buffer.isBuffer(request.body)
      ? { body: request.body, contentType: request.headers['content-type'] ?? 'application/json' }
      : {};
    return reply.from(`${upstreams[upstream]}${request.url}`, {
      ...body,
      timeout: config.UPSTREAM_TIMEOUT_MS,
      rewriteRequestHeaders: (_req, headers) => {
        const next: Record<string, string | string[] | undefined> = {};
        for (const name of FORWARDED_REQUEST_HEADERS)
          if (headers[name] !== undefined) next[name] = headers[name];
        next['x-request-id'] = String(request.id);
        next['x-forwarded-for'] = clientIp;
        next['x-forwarded-proto'] = protocol;
        next['x-forwarded-host'] = host;
        next['x-product-name'] = branding.emailSenderName ?? branding.productName;
        if (internalToken) next.authorization = `Bearer ${internalToken}`;
        // The service's span continues this request's trace.
        Object.assign(next, traceHeaders(contextOf(request)));
        return next;
      },
      onResponse: (_req, res, upstreamResponse) => {
        // A successful logout through this gateway forgets the session here at once; after a new
        // time zone the next request asks for an internal token that carries it.
        if (token && upstreamResponse.statusCode === 200 && forgetsSession(path))
          sessions.forgetToken(token);
        void res.send(upstreamResponse.stream);
      },
      onError: (res, { error }) => {
        const failure = upstreamFailure(error);
        metrics.upstreamErrors.inc({ upstream, status_code: String(failure.status) });
        request.log.warn({ err: error, upstream }, 'upstream failed');
        void sendError(request, res as FastifyReply, failure.status, failure.code, failure.text);
      },
    });
  });

  const shellPage = await serveFrontEnds(app, {
    shellDir: config.SHELL_DIR,
    remoteDirs: config.REMOTE_DIRS,
    manifestFile: config.REMOTES_MANIFEST_FILE,
  });
  app.setNotFoundHandler((request, reply) =>
    shellPage(request, reply)
      ? reply
      : sendError(request, reply, 404, CommonErrorCode.NotFound, ServerMessages.notFound),
  );
  return app;
}

export async function startGateway(
  config: GatewayEnv,
  options: GatewayOptions = {},
): Promise<RunningGateway> {
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

function decodesAsUtf8(url: string): boolean {
  try {
    decodeURIComponent(url);
    return true;
  } catch {
    return false;
  }
}

/** Paths after whose success this gateway's copy of the session is stale. */
/**
 * Links sent by e-mail whose token in the address is the whole authority, posted by mail
 * providers (RFC 8058 one-click, a form body, from no page of ours) or by the link's own page:
 * a cross-site request can do nothing with them that the link itself does not already allow.
 */
const TOKEN_LINKS = new Set(['/api/auth/unsubscribe']);

const FORGET_AFTER = new Set(['/api/auth/logout', '/api/auth/time-zone']);

/**
 * Whether `path` is one of FORGET_AFTER as the services' router reads it: percent-decoded and
 * with or without a trailing slash (ignoreTrailingSlash), so no spelling svc-auth serves slips by.
 * Only called on paths that decode (decodesAsUtf8).
 */
function forgetsSession(path: string): boolean {
  const decoded = decodeURIComponent(path);
  return FORGET_AFTER.has(decoded.endsWith('/') ? decoded.slice(0, -1) : decoded);
}

/** The session token from the cookie (only `__Host-session` over HTTPS) or, for API clients, the bearer header. */
function sessionToken(request: FastifyRequest): string | undefined {
  const fromCookie = sessionCookie(request.headers.cookie, request.protocol === 'https');
  if (fromCookie) return fromCookie;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim() || undefined;
  return undefined;
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
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
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

/** Node's parser refused the request (headers too large, a timeout, bad HTTP): answer in JSON. */
function clientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, text] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, CommonErrorCode.PayloadTooLarge, 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, CommonErrorCode.ValidationFailed, 'The request took too long to arrive.']
        : [400, CommonErrorCode.ValidationFailed, 'The request could not be read.'];
  const body = JSON.stringify({ statusCode: status, code, error: text, message: text });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy();
}
