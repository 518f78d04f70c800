export type Upstream = 'auth' | 'subscription' | 'meetings' | 'actions';

/**
 * The one route table: which service answers which part of /api. A route covers its path and
 * everything under it; `:name` stands for one path segment. The first route that matches wins, so
 * a more specific one comes before the routes it narrows. The plan calls live under /api/auth/ in
 * the product's API but belong to svc-subscription; svc-meetings makes every change to a meeting,
 * ticks from the actions page included, while svc-actions only reads.
 */
export const ROUTE_TABLE: readonly { path: string; upstream: Upstream }[] = [
  { path: '/api/auth/subscription-status', upstream: 'subscription' },
  { path: '/api/auth/acknowledge-trial', upstream: 'subscription' },
  { path: '/api/auth/update-subscription', upstream: 'subscription' },
  { path: '/api/auth', upstream: 'auth' },
  { path: '/api/meetings', upstream: 'meetings' },
  { path: '/api/calendar', upstream: 'meetings' },
  { path: '/api/actions/:meetingId/action/:actionId/status', upstream: 'meetings' },
  { path: '/api/actions', upstream: 'actions' },
];

/** The service for a path, matching whole path segments only (`/api/authx` is nobody's). */
export function routeFor(path: string): Upstream | null {
  const segments = path.split('/');
  const route = ROUTE_TABLE.find(({ path: route }) =>
    route
      .split('/')
      .every((segment, i) => (segment.startsWith(':') ? !!segments[i] : segment === segments[i])),
  );
  return route?.upstream ?? null;
}
