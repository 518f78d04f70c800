import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, AUTH_TOKEN_STORAGE_KEY, createApiClient, errorText } from './api-client.js';
import { jsonResponse } from './testing.js';

function setup(path = '/app/meetings', response: Response = jsonResponse({ ok: true })) {
  const fetch = vi.fn<typeof globalThis.fetch>().mockImplementation(async () => response.clone());
  const onUnauthorized = vi.fn();
  const api = createApiClient({ fetch, onUnauthorized, currentPath: () => path });
  const call = (index = 0) => {
    const [url, init] = fetch.mock.calls[index]!;
    return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
  };
  return { api, fetch, onUnauthorized, call };
}

describe('api client', () => {
  beforeEach(() => localStorage.clear());

  it('calls /api with JSON, cookies and a request id', async () => {
    const { api, call } = setup();
    await expect(api.post('/auth/request-otp', { email: 'a@b.co' })).resolves.toEqual({ ok: true });
    const { url, init, headers } = call();
    expect(url).toBe('/api/auth/request-otp');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"email":"a@b.co"}');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('adds query parameters, leaving out empty ones', async () => {
    const { api, call } = setup();
    await api.get('/actions/', {
      query: { page: 2, search: '', showCompleted: false, hashtag: undefined },
    });
    expect(call().url).toBe('/api/actions/?page=2&showCompleted=false');
  });

  it('sends the bearer token only to meeting and action calls', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok-1');
    const { api, call } = setup();
    await api.get('/meetings/');
    await api.get('/actions?page=1');
    await api.get('/auth/status');
    await api.get('/meetingsx');
    expect(call(0).headers.Authorization).toBe('Bearer tok-1');
    expect(call(1).headers.Authorization).toBe('Bearer tok-1');
    expect(call(2).headers.Authorization).toBeUndefined();
    expect(call(3).headers.Authorization).toBeUndefined();
  });

  it('sends no bearer header without a stored token', async () => {
    const { api, call } = setup();
    await api.get('/meetings/');
    expect(call().headers.Authorization).toBeUndefined();
  });

  it('turns an error body into an ApiError with status, code and the human text', async () => {
    const body = {
      statusCode: 403,
      code: 'MEETING_ACCESS_DENIED',
      error: 'Access denied',
      message: 'Access denied',
    };
    const { api } = setup('/app/meetings', jsonResponse(body, 403));
    const error = await api.get('/meetings/1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: 'MEETING_ACCESS_DENIED',
      message: 'Access denied',
      body,
    });
    expect(errorText(error, 'fallback')).toBe('Access denied');
  });

  it('falls back when the server sent no usable text', async () => {
    const { api } = setup(
      '/login',
      new Response('oops', { status: 500, statusText: 'Server Error' }),
    );
    const error = await api.post('/auth/request-otp', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, body: 'oops' });
    expect(errorText(error, 'Failed to request OTP')).toBe('Failed to request OTP');
    expect(errorText(new Error('x'), 'Failed to request OTP')).toBe('Failed to request OTP');
  });

  it("lets a keepalive request outlive the page, within the browsers' 64 KiB budget", async () => {
    const { api, call } = setup();
    await api.put('/meetings/1/update-notes', { notes: '<p>hi</p>' }, { keepalive: true });
    await api.put('/meetings/1/update-notes', { notes: 'x'.repeat(70_000) }, { keepalive: true });
    await api.put('/meetings/1/update-notes', { notes: '<p>hi</p>' });
    expect(call(0).init.keepalive).toBe(true);
    expect(call(0).init.credentials).toBe('include');
    expect(call(0).init.method).toBe('PUT');
    expect(call(1).init.keepalive).toBeUndefined();
    expect(call(2).init.keepalive).toBeUndefined();
  });

  it('reports an unreachable server as status 0', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValue(new TypeError('Failed to fetch'));
    const api = createApiClient({ fetch });
    await expect(api.get('/auth/status')).rejects.toMatchObject({ name: 'ApiError', status: 0 });
  });

  it('calls onUnauthorized on a 401 outside the sign-in pages', async () => {
    const { api, onUnauthorized } = setup(
      '/app/actions',
      jsonResponse({ error: 'User is not authenticated' }, 401),
    );
    await expect(api.get('/actions/')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it.each(['/login', '/verify'])('leaves a 401 on %s to the page', async (path) => {
    const { api, onUnauthorized } = setup(
      path,
      jsonResponse({ error: 'Invalid or expired verification code' }, 401),
    );
    await expect(api.post('/auth/validate-otp', {})).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not treat other errors as sign-outs', async () => {
    const { api, onUnauthorized } = setup('/app', jsonResponse({ error: 'Access denied' }, 403));
    await expect(api.get('/meetings/1')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('returns undefined for an empty answer', async () => {
    const { api } = setup('/app', new Response(null, { status: 204 }));
    await expect(api.delete('/meetings/1/delete')).resolves.toBeUndefined();
  });
});
