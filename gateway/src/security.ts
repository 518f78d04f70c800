import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { GatewayEnv } from './config.js';
import { sendError } from './errors.js';
import { header } from './headers.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing API calls that another site makes the browser send: the browser's
 * Sec-Fetch-Site says so directly; older browsers are judged by Origin against our own host.
 * Bodies must be JSON, which a plain HTML form cannot send.
 */
export function refuseCrossSite(
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | undefined {
  if (!UNSAFE.has(request.method)) return undefined;
  if (isCrossSite(request.headers)) return sendError(request, reply, 'crossSite');
  const length = Number(header(request.headers, 'content-length') ?? '0');
  const chunked = header(request.headers, 'transfer-encoding') !== undefined;
  const contentType = header(request.headers, 'content-type') ?? '';
  if ((length > 0 || chunked) && !/^application\/json(\s*;|$)/i.test(contentType))
    return sendError(request, reply, 'jsonBodyRequired');
  return undefined;
}

/**
 * Whether another site made the browser send this request: its Sec-Fetch-Site, or else its Origin
 * against our own host. Also for WebSocket upgrades, which browsers send cross-site with cookies.
 */
export function isCrossSite(headers: IncomingHttpHeaders): boolean {
  const fetchSite = header(headers, 'sec-fetch-site');
  const origin = header(headers, 'origin');
  return (
    (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') ||
    (!!origin && originHost(origin) !== ownHost(headers))
  );
}

/** The host an Origin header names; null for `null` (a sandboxed or privacy-sensitive context) or nonsense. */
function originHost(origin: string): string | null {
  try {
    return origin === 'null' ? null : new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

function ownHost(headers: IncomingHttpHeaders): string {
  return (header(headers, 'x-forwarded-host') ?? header(headers, 'host') ?? '').toLowerCase();
}

/**
 * Helmet's response headers on every answer, its middleware built once (the Fastify plugin builds
 * it again for each request, CSP parsing included).
 */
export function securityHeaders(app: FastifyInstance, config: GatewayEnv): void {
  const self = ["'self'", ...config.REMOTE_ORIGINS];
  const contentSecurityPolicy = {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: self,
      // Emotion (MUI) and the editor set inline styles; no inline script is ever allowed.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Remote images would tell their owner who opened a shared meeting's notes.
      imgSrc:
        config.NOTES_IMAGES === 'any'
          ? ["'self'", 'data:', 'blob:', 'https:']
          : ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      // 'self' also allows the live notes' WebSocket to this origin (ws: on http, wss: on https,
      // as CSP 3 reads it), and no other.
      connectSrc: self,
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      frameSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  };
  const apply = helmet({
    contentSecurityPolicy,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts:
      config.NODE_ENV === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
