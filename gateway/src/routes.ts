import type { GatewayEnv } from './config.js';

export type Upstream = 'auth' | 'subscription' | 'meetings' | 'actions';

/**
 * The one route table: which service answers which part of /api. The plan calls live under
 * /api/auth/ in the product's API but belong to svc-subscription. Longest prefix wins.
 */
export const ROUTE_TABLE: readonly { prefix: string; upstream: Upstream }[] = [
  { prefix: '/api/auth/subscription-status', upstream: 'subscription' },
  { prefix: '/api/auth/acknowledge-trial', upstream: 'subscription' },
  { prefix: '/api/auth/update-subscription', upstream: 'subscription' },
  { prefix: '/api/auth', upstream: 'auth' },
  { prefix: '/api/meetings', upstream: 'meetings' },
  { prefix: '/api/actions', upstream: 'actions' },
];

const ORDERED = [...ROUTE_TABLE].sort((a, b) => b.prefix.length - a.prefix.length);

/** The service for a path, matching whole path segments only (`/api/authx` is nobody's). */
export function routeFor(path: string): Upstream | null {
  for (const route of ORDERED) {
    if (path === route.prefix || path.startsWith(`${route.prefix}/`)) return route.upstream;
  }
  return null;
}

export function upstreamUrls(config: GatewayEnv): Record<Upstream, string> {
  return {
    auth: config.AUTH_URL,
    subscription: config.SUBSCRIPTION_URL,
    meetings: config.MEETINGS_URL,
    actions: config.ACTIONS_URL,
  };
}
