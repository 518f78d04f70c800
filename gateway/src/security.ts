import { CommonErrorCode, ServerMessages } from '@meetings/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { sendError } from './errors.js';

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
  const fetchSite = header(request, 'sec-fetch-site');
  const origin = header(request, 'origin');
  const crossSite =
    (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') ||
    (!!origin && originHost(origin) !== ownHost(request));
  if (crossSite)
    return sendError(
      request,
      reply,
      403,
      CommonErrorCode.CrossSiteRequest,
      ServerMessages.crossSite,
    );
  const length = Number(header(request, 'content-length') ?? '0');
  const chunked = header(request, 'transfer-encoding') !== undefined;
  const contentType = header(request, 'content-type') ?? '';
  if ((length > 0 || chunked) && !/^application\/json(\s*;|$)/i.test(contentType)) {
    return sendError(
      request,
      reply,
      415,
      CommonErrorCode.ValidationFailed,
      ServerMessages.jsonBodyRequired,
    );
  }
  return undefined;
}

/** The host an Origin header names; null for `null` (a sandboxed or privacy-sensitive context) or nonsense. */
function originHost(origin: string): string | null {
  try {
    return origin === 'null' ? null : new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

function ownHost(request: FastifyRequest): string {
  return (header(request, 'x-forwarded-host') ?? header(request, 'host') ?? '').toLowerCase();
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function contentSecurityPolicy(remoteOrigins: string[], notesImages: 'self' | 'any') {
  const self = ["'self'", ...remoteOrigins];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: self,
      // Emotion (MUI) and the editor set inline styles; no inline script is ever allowed.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Remote images would tell their owner who opened a shared meeting's notes.
      imgSrc: notesImages === 'any' ? ["'self'", 'data:', 'blob:', 'https:'] : ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: self,
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      frameSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  };
}

/**
 * Helmet's response headers on every answer. The middleware is built once: the Fastify plugin
 * built it again for each request, CSP parsing included (6 % of the gateway's profile samples).
 */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
