import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { answerSocket } from '@meetings/service-kit';
import { createProxyServer } from 'http-proxy-3';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayEnv } from './config.js';
import { header, pickHeaders, sessionToken } from './headers.js';
import { isCanonicalPath } from './paths.js';
import { isCrossSite } from './security.js';
import type { SessionResolver } from './sessions.js';

/** The only address under /api that is a WebSocket: a meeting's live notes. */
const LIVE_NOTES = /^\/api\/meetings\/[^/?#]+\/collab\/?(?:\?.*)?$/;

/** The client's headers svc-meetings gets on a live notes upgrade (the WebSocket handshake's own). */
const FORWARDED_UPGRADE_HEADERS = [
  'host',
  'connection',
  'upgrade',
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-extensions',
  'sec-websocket-protocol',
  'user-agent',
];

/**
 * WebSocket upgrades of `/api/meetings/:id/collab` go to svc-meetings, as its HTTP calls do: a
 * canonical address, no other site's page (Origin, Sec-Fetch-Site), the session exchanged for the
 * internal token, and only the handshake's own headers. Every other upgrade is refused. Returns
 * the teardown, which also ends the open connections.
 */
export function proxyLiveNotes(
  server: Server,
  sessions: SessionResolver,
  config: GatewayEnv,
  logger: FastifyBaseLogger,
): () => void {
  const proxy = createProxyServer({ target: config.MEETINGS_URL, ws: true });
  proxy.on('error', (error, _request, target) => {
    // A page that reloads or goes resets its socket: that is no failure of svc-meetings.
    const reset = (error as NodeJS.ErrnoException).code === 'ECONNRESET';
    logger[reset ? 'debug' : 'warn']({ err: error }, 'live notes upstream failed');
    if (target && 'destroy' in target) (target as Duplex).destroy();
  });

  // Upgraded sockets are no HTTP connections: closing the server would wait for them forever.
  const open = new Set<Duplex>();
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
    void forward(request, socket, head).catch((error: unknown) => {
      logger.warn({ err: error }, 'live notes upgrade failed');
      answerSocket(socket, 500);
    });
  };

  async function forward(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = request.url ?? '';
    if (!isCanonicalPath(url) || !LIVE_NOTES.test(url)) return answerSocket(socket, 404);
    if (isCrossSite(request.headers)) return answerSocket(socket, 403);
    const secure = isSecure(request, config.TRUSTED_PROXY_HOPS);
    const token = sessionToken(request.headers, secure);
    const session = token ? await sessions.resolve(token) : null;
    if (session === 'unavailable') return answerSocket(socket, 503);
    if (!session?.internalToken) return answerSocket(socket, 401);
    request.headers = {
      ...pickHeaders(request.headers, FORWARDED_UPGRADE_HEADERS),
      authorization: `Bearer ${session.internalToken}`,
      'x-forwarded-proto': secure ? 'https' : 'http',
    };
    proxy.ws(request, socket, head);
  }

  server.on('upgrade', onUpgrade);
  return () => {
    server.off('upgrade', onUpgrade);
    for (const socket of open) socket.destroy();
    proxy.close();
  };
}

/**
 * HTTPS as Fastify's `request.protocol` reads it: the last X-Forwarded-Proto value (the trusted
 * proxy's) when the nearest hop is trusted and the header is there, else the socket.
 */
function isSecure(request: IncomingMessage, trustedProxyHops: number): boolean {
  const forwarded = header(request.headers, 'x-forwarded-proto');
  if (forwarded && trustedProxyHops > 0)
    return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim() === 'https';
  return (request.socket as TLSSocket).encrypted === true;
}
