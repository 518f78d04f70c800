import type { ApiError as ApiErrorBody } from '@meetings/contracts';
import { newRequestId } from './request-id.js';

/** localStorage key of the session token that meeting and action calls also send as a bearer token. */
export const AUTH_TOKEN_STORAGE_KEY = 'authToken';

export const API_BASE_PATH = '/api';

/** Pages where a 401 is an expected answer, not a reason to go to /login. */
const SIGN_IN_PATHS = ['/login', '/verify'];

/** Calls that also carry the bearer token. */
const BEARER_PATH = /^\/(meetings|actions)(\/|\?|$)/;

/** A failed call: the HTTP status (0 when the server was not reached) and the server's body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly body: unknown;
  /** The server's machine code (`code` of the error body), when it sent one. */
  readonly code: string | undefined;

  constructor(status: number, body: unknown, fallbackMessage: string) {
    super(serverErrorText(body) ?? fallbackMessage);
    this.status = status;
    this.body = body;
    this.code = isErrorBody(body) ? body.code : undefined;
  }

  /** The human text the server sent (`error`, else `message`), if any. */
  get serverMessage(): string | undefined {
    return serverErrorText(this.body);
  }
}

function isErrorBody(body: unknown): body is Partial<ApiErrorBody> {
  return typeof body === 'object' && body !== null;
}

function serverErrorText(body: unknown): string | undefined {
  if (!isErrorBody(body)) return undefined;
  const text = typeof body.error === 'string' && body.error ? body.error : body.message;
  return typeof text === 'string' && text ? text : undefined;
}

/** The server's human text for a failed call, or the given fallback (the toasts show it). */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}

/**
 * For `.catch()`: fails with the user's `message`, the call's error as its cause. Not on the
 * package's entry: the clients use it.
 */
export function failWith(message: string): (cause: unknown) => never {
  return (cause) => {
    throw new Error(message, { cause });
  };
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * Lets the request outlive the page (a save on pagehide or unload). Browsers cap such bodies
   * at 64 KiB in total, so a larger body goes as an ordinary request.
   */
  keepalive?: boolean;
}

/** The browsers' budget for keepalive request bodies. */
export const KEEPALIVE_MAX_BODY_BYTES = 64 * 1024;

export interface ApiClient {
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  storage?: Pick<Storage, 'getItem'>;
  /** Called on a 401 outside the sign-in pages; the shell sends the user to /login. */
  onUnauthorized?: () => void;
  /** The page the user is on, to tell whether a 401 is expected there. */
  currentPath?: () => string;
}

/** The URL the client asks for: `path` under /api, with the query's non-empty values. */
export function apiUrl(path: string, query: RequestOptions['query']): string {
  const url = `${API_BASE_PATH}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function requestHeaders(
  path: string,
  storage: Pick<Storage, 'getItem'> | undefined,
  hasBody: boolean,
): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'x-request-id': newRequestId(),
  };
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (BEARER_PATH.test(path)) {
    const token = storage?.getItem(AUTH_TOKEN_STORAGE_KEY);
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  return headers;
}

/** How long an early answer may wait for its caller; an older one is asked for again. */
export const EARLY_ANSWER_MAX_AGE_MS = 30_000;

const earlyAnswers = new Map<string, { answer: Promise<Response>; startedAt: number }>();

/**
 * Sends a GET the way the API client would, before the app's code has arrived (a first load's
 * route checks and page data, see early-requests.ts). The client's first identical GET takes
 * this answer instead of asking again; each answer is taken once, and none after a write.
 */
export function startEarlyGet(path: string, query?: RequestOptions['query']): void {
  const url = apiUrl(path, query);
  if (earlyAnswers.has(url)) return;
  const answer = globalThis.fetch(url, {
    method: 'GET',
    headers: requestHeaders(path, globalThis.localStorage, false),
    credentials: 'include',
  });
  // A failure belongs to the caller that takes the answer (or to nobody if none does).
  answer.catch(() => undefined);
  earlyAnswers.set(url, { answer, startedAt: Date.now() });
}

function takeEarlyAnswer(url: string, signal: AbortSignal | undefined): Promise<Response> | null {
  const early = earlyAnswers.get(url);
  if (!early) return null;
  earlyAnswers.delete(url);
  if (Date.now() - early.startedAt > EARLY_ANSWER_MAX_AGE_MS) return null;
  if (!signal) return early.answer;
  // The caller's abort ends its wait as it would end its own fetch.
  const aborted = () => new DOMException('The operation was aborted.', 'AbortError');
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(aborted()), { once: true });
    early.answer.then(resolve, reject);
  });
}

/** The product's one HTTP client: base /api, JSON, cookies, bearer for meetings and actions. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const storage = options.storage ?? globalThis.localStorage;
  const currentPath = options.currentPath ?? (() => globalThis.location?.pathname ?? '/');

  async function request<T>(method: string, path: string, init: RequestOptions = {}): Promise<T> {
    const headers = requestHeaders(path, storage, init.body !== undefined);
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    const keepalive =
      init.keepalive === true &&
      (body === undefined || new Blob([body]).size <= KEEPALIVE_MAX_BODY_BYTES);
    const url = apiUrl(path, init.query);

    // An early answer tells the state before any change: a write (signing in, accepting the
    // privacy statement) makes every one not yet taken stale.
    if (method !== 'GET') earlyAnswers.clear();
    let response: Response;
    try {
      response = await ((method === 'GET' && takeEarlyAnswer(url, init.signal)) ||
        doFetch(url, {
          method,
          headers,
          credentials: 'include',
          body,
          signal: init.signal,
          ...(keepalive ? { keepalive: true } : {}),
        }));
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError(0, undefined, 'The server could not be reached.');
    }

    const answer = await readBody(response);
    if (response.ok) return answer as T;

    if (response.status === 401 && !SIGN_IN_PATHS.includes(currentPath())) {
      options.onUnauthorized?.();
    }
    throw new ApiError(response.status, answer, response.statusText || `HTTP ${response.status}`);
  }

  return {
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
  };
}
