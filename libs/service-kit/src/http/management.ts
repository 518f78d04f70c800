import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { closeWhileSweepingIdle } from './graceful-close.js';

/** Which listener serves a route: the public one, the management one, or both. */
export type Door = 'public' | 'management' | 'both';

/**
 * A service's doors: the product API (and liveness) on the public port, which the gateway proxies
 * to; every other route (internal calls between services, operator routes, metrics, readiness,
 * the OpenAPI document) on the management port, which only the cluster reaches.
 */
export function serviceDoor(route: string): Door {
  if (route === '/healthz') return 'both';
  return route === '/api' || route.startsWith('/api/') ? 'public' : 'management';
}

export interface ManagementListener {
  listen(port: number, host: string): Promise<string>;
}

/**
 * Serves one Fastify app on a second listener, the management port, and keeps each route behind
 * the door `doorOf` names for it: a route asked for through the other door is not found there.
 * Routes are judged by the pattern the router matched, never by the raw address, so no spelling
 * of a path reaches a route the door does not serve. Requests injected in-process (tests) come
 * through neither listener and reach every route.
 */
export function addManagementListener(
  app: FastifyInstance,
  publicServer: Server,
  doorOf: (route: string) => Door,
  /** The answer for a route asked for through the wrong door; default: the app's not-found answer. */
  notHere: (request: FastifyRequest, reply: FastifyReply) => FastifyReply = (_request, reply) => {
    reply.callNotFound();
    return reply;
  },
): ManagementListener {
  const doors = new WeakMap<Socket, 'public' | 'management'>();
  publicServer.on('connection', (socket: Socket) => doors.set(socket, 'public'));
  const server = createServer((request: IncomingMessage, response: ServerResponse) =>
    app.routing(request, response),
  );
  server.keepAliveTimeout = publicServer.keepAliveTimeout;
  server.requestTimeout = publicServer.requestTimeout;
  server.headersTimeout = publicServer.headersTimeout;
  server.on('connection', (socket: Socket) => doors.set(socket, 'management'));

  app.addHook('onRequest', async (request, reply) => {
    const door = doors.get(request.raw.socket);
    const route = request.routeOptions.url;
    if (!door || route === undefined) return;
    const served = doorOf(route);
    if (served !== 'both' && served !== door) return notHere(request, reply);
  });
  // Closing the app closes this door too; what it had accepted is answered first.
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    await closeWhileSweepingIdle(
      server,
      () => new Promise<void>((resolve) => server.close(() => resolve())),
    );
  });

  return {
    listen: (port, host) =>
      new Promise<string>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
        });
      }),
  };
}
