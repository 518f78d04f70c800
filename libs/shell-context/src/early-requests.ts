import { PAGE_SIZE } from '@meetings/contracts';
import { apiUrl, startEarlyGet, type RequestOptions } from './api-client.js';
import { GUARDED_ONBOARDING_PATHS, isAppPath, withoutTrailingSlash } from './paths.js';

export { GUARDED_ONBOARDING_PATHS, isAppPath, Paths, withoutTrailingSlash } from './paths.js';

/** A GET of the API, as the API client takes it (path under /api, query). */
export interface EarlyRequest {
  path: string;
  query?: RequestOptions['query'];
}

/** The route guard's checks (docs/product.md, The route guard), asked for together. */
const GUARD_CHECKS: readonly EarlyRequest[] = [
  { path: '/auth/status' },
  { path: '/auth/privacy-status' },
  { path: '/auth/subscription-status' },
];

const MEETINGS_LIST = /^\/app(\/|\/meetings\/?)?$/;
const MEETING = /^\/app\/meetings\/([^/]+)(\/readonly)?\/?$/;
const ACTIONS = /^\/app\/actions\/?$/;

/** Page 1 of the meetings list with no search (mfe-meetings' list asks for it as it mounts). */
export const MEETINGS_FIRST_PAGE: EarlyRequest = {
  path: '/meetings/',
  query: { page: 1, pageSize: PAGE_SIZE },
};

/** Page 1 of the actions page with no search, open actions only (mfe-actions' first load). */
export const ACTIONS_FIRST_PAGE: EarlyRequest = {
  path: '/actions/',
  query: { page: 1, pageSize: PAGE_SIZE, showCompleted: false },
};

/** The meeting a meeting page loads first. */
export const meetingRequest = (id: string): EarlyRequest => ({
  path: `/meetings/${encodeURIComponent(id)}`,
});

/**
 * What a first load of `pathname` will ask the API for before it can paint: the guard's checks on
 * a guarded page, and the first data of a signed-in page. The shell starts them as its first
 * script runs, so they travel while the code downloads instead of one after another after it.
 */
export function earlyRequestsFor(pathname: string): EarlyRequest[] {
  if (GUARDED_ONBOARDING_PATHS.includes(withoutTrailingSlash(pathname))) return [...GUARD_CHECKS];
  if (!isAppPath(pathname)) return [];
  const page = pageRequest(pathname);
  return page ? [...GUARD_CHECKS, page] : [...GUARD_CHECKS];
}

function pageRequest(pathname: string): EarlyRequest | undefined {
  if (MEETINGS_LIST.test(pathname)) return MEETINGS_FIRST_PAGE;
  if (ACTIONS.test(pathname)) return ACTIONS_FIRST_PAGE;
  const meeting = MEETING.exec(pathname);
  if (!meeting) return undefined;
  try {
    // The router hands the page its id decoded; the page encodes it again.
    return meetingRequest(decodeURIComponent(meeting[1]!));
  } catch {
    return undefined;
  }
}

/** The URL the API client asks for `request`. */
export const earlyRequestUrl = ({ path, query }: EarlyRequest): string => apiUrl(path, query);

/** Starts the early requests of the page being loaded; the API client takes their answers. */
export function startEarlyRequests(pathname: string): void {
  for (const { path, query } of earlyRequestsFor(pathname)) startEarlyGet(path, query);
}
