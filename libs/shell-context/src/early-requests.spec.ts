import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_TOKEN_STORAGE_KEY,
  createApiClient,
  EARLY_ANSWER_MAX_AGE_MS,
  startEarlyGet,
} from './api-client.js';
import { earlyRequestsFor, earlyRequestUrl, startEarlyRequests } from './early-requests.js';
import { jsonResponse } from './testing.js';

const GUARD = ['/api/auth/status', '/api/auth/privacy-status', '/api/auth/subscription-status'];
const MEETING_ID = '2e6b366b-2eb9-4fff-b7ce-4dc4c561bea6';

function urlsFor(pathname: string): string[] {
  return earlyRequestsFor(pathname).map(earlyRequestUrl);
}

/** The page's own client: it must not reach the network for an answer that is on its way. */
function pageClient() {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => jsonResponse({ from: 'client' }));
  return { fetch, api: createApiClient({ fetch, currentPath: () => '/app/meetings' }) };
}

/** What the early requests sent, answered from `answers` (by URL) or with `{ from: 'early' }`. */
function stubNetwork(answers: Record<string, () => Response> = {}) {
  const sent: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return answers[url]?.() ?? jsonResponse({ from: 'early' });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('the early requests of a first load', () => {
  it.each([
    ['/app/meetings', '/api/meetings/?page=1&pageSize=25'],
    ['/app', '/api/meetings/?page=1&pageSize=25'],
    [`/app/meetings/${MEETING_ID}`, `/api/meetings/${MEETING_ID}`],
    [`/app/meetings/${MEETING_ID}/readonly`, `/api/meetings/${MEETING_ID}`],
    ['/app/actions', '/api/actions/?page=1&pageSize=25&showCompleted=false'],
  ])('ask %s for the route checks and its first data', (pathname, data) => {
    expect(urlsFor(pathname)).toEqual([...GUARD, data]);
  });

  it('ask only the route checks on guarded screens and unknown app paths', () => {
    expect(urlsFor('/privacy')).toEqual(GUARD);
    expect(urlsFor('/trial-notice/')).toEqual(GUARD);
    expect(urlsFor('/subscription-choice')).toEqual(GUARD);
    expect(urlsFor('/app/settings')).toEqual(GUARD);
    expect(urlsFor('/app/meetings/%E0%A4%A')).toEqual(GUARD);
  });

  it('ask nothing where no status check is made', () => {
    for (const pathname of ['/', '/login', '/verify', '/application']) {
      expect(urlsFor(pathname)).toEqual([]);
    }
  });

  it('are sent as the API client sends them, bearer token included', () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok-1');
    const sent = stubNetwork();
    startEarlyRequests('/app/actions');
    expect(sent.map((request) => request.url)).toEqual(urlsFor('/app/actions'));
    const actions = sent.at(-1)!.init;
    expect(actions).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(actions.headers).toMatchObject({
      Accept: 'application/json',
      Authorization: 'Bearer tok-1',
    });
    expect((sent[0]!.init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it("answer the page client's own calls for them, without a second request", async () => {
    stubNetwork();
    startEarlyRequests(`/app/meetings/${MEETING_ID}`);
    const { api, fetch } = pageClient();
    for (const { path, query } of earlyRequestsFor(`/app/meetings/${MEETING_ID}`)) {
      await expect(api.get(path, { query })).resolves.toEqual({ from: 'early' });
    }
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('an early answer', () => {
  it('answers the first identical GET, once', async () => {
    stubNetwork();
    startEarlyGet('/meetings/once');
    const { api, fetch } = pageClient();
    await expect(api.get('/meetings/once')).resolves.toEqual({ from: 'early' });
    await expect(api.get('/meetings/once')).resolves.toEqual({ from: 'client' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('goes through the same error handling as any answer', async () => {
    stubNetwork({ '/api/meetings/gone': () => jsonResponse({ error: 'Not authenticated' }, 401) });
    startEarlyGet('/meetings/gone');
    const onUnauthorized = vi.fn();
    const api = createApiClient({ onUnauthorized, currentPath: () => '/app/meetings' });
    await expect(api.get('/meetings/gone')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('answers no other path or query', async () => {
    stubNetwork();
    startEarlyGet('/meetings/', { page: 1 });
    const { api, fetch } = pageClient();
    await api.get('/meetings/', { query: { page: 2 } });
    await api.get('/meetings/page=1');
    expect(fetch).toHaveBeenCalledTimes(2);
    await expect(api.get('/meetings/', { query: { page: 1 } })).resolves.toEqual({
      from: 'early',
    });
  });

  it('is not taken after any write: signing in makes the signed-out answers stale', async () => {
    stubNetwork({
      '/api/auth/privacy-status': () => jsonResponse({ error: 'Not authenticated' }, 401),
    });
    startEarlyGet('/auth/privacy-status');
    const { api, fetch } = pageClient();
    await api.post('/auth/validate-otp', { email: 'a@example.com', otp: '123456' });
    await expect(api.get('/auth/privacy-status')).resolves.toEqual({ from: 'client' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('is asked for again once it is older than its age limit', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    stubNetwork();
    startEarlyGet('/meetings/old');
    vi.setSystemTime(Date.now() + EARLY_ANSWER_MAX_AGE_MS + 1);
    const { api, fetch } = pageClient();
    await expect(api.get('/meetings/old')).resolves.toEqual({ from: 'client' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("rejects as the caller's aborted request would", async () => {
    stubNetwork();
    startEarlyGet('/meetings/aborted');
    const { api } = pageClient();
    const controller = new AbortController();
    const call = api.get('/meetings/aborted', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});
