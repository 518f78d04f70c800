import { routeFor, type Upstream } from '@meetings/gateway';
import type { RunningPlatform } from '../../src/index.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RegisteredRoute {
  service: Upstream;
  method: string;
  /** As the service registered it: `/api/meetings/:id/update-info`. */
  path: string;
}

/**
 * Every route a service's HTTP server answers, read from its router (Fastify's own print of its
 * radix tree: a node's label continues its parent's path). HEAD routes Fastify adds for each GET
 * are left out.
 */
export function registeredRoutes(platform: RunningPlatform): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  for (const [service, running] of Object.entries(platform.services) as [
    Upstream,
    RunningPlatform['services'][Upstream],
  ][]) {
    const fastify = running.app.getHttpAdapter().getInstance();
    const printed = fastify.printRoutes({ commonPrefix: false });
    for (const route of parseRouteTree(printed)) {
      if (route.method === 'HEAD') continue;
      // The parse must agree with the router itself, or the comparison below means nothing.
      if (!fastify.hasRoute({ method: route.method as Method, url: route.path }))
        throw new Error(`parsed a route the router does not have: ${route.method} ${route.path}`);
      routes.push({ service, ...route });
    }
  }
  return routes;
}

/** Parses `printRoutes({ commonPrefix: false })`: 4 characters of tree drawing per level. */
export function parseRouteTree(printed: string): { method: string; path: string }[] {
  const stack: string[] = [];
  const routes: { method: string; path: string }[] = [];
  for (const line of printed.split('\n')) {
    const match = /^([│ ├└─]*?)(?:├── |└── )(.*)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const [, label, methods] = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(match[2]!)!;
    stack.length = depth;
    stack.push(label!);
    for (const method of methods ? methods.split(', ') : [])
      routes.push({ method, path: stack.join('') });
  }
  return routes;
}

/** The service the gateway sends a path to (checked against the service that registered it). */
export function gatewayUpstream(path: string): Upstream | null {
  return routeFor(path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000'));
}

/** `/api/meetings/{id}` (OpenAPI) → `/api/meetings/:id` (router). */
export function fromOpenApiPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
