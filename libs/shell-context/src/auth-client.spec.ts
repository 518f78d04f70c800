import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from './api-client.js';
import { createShellServices } from './services.js';
import { jsonResponse } from './testing.js';

function setup(routes: Record<string, () => Response> = {}) {
  const fetch = vi.fn<typeof globalThis.fetch>().mockImplementation(async (input) => {
    const path = String(input).replace(/^\/api/, '');
    const route = routes[path];
    return route
      ? route()
      : jsonResponse({ authenticated: true, user: { id: 'u1', email: 'a@b.co' } });
  });
  const onUnauthorized = vi.fn();
  const services = createShellServices({
    defaultThemeMode: 'light',
    fetch,
    onUnauthorized,
    currentPath: () => '/app/meetings',
  });
  const calls = (path: string) =>
    fetch.mock.calls.filter(([input]) => String(input) === `/api${path}`).length;
  return { ...services, fetch, calls, onUnauthorized };
}

describe('auth client', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ now: new Date('2025-08-20T10:00:00Z') });
  });
  afterEach(() => vi.useRealTimers());

  it('checks the status at most once per second', async () => {
    const { auth, calls } = setup();
    await expect(auth.status()).resolves.toMatchObject({ authenticated: true });
    await auth.status();
    vi.advanceTimersByTime(999);
    await auth.status();
    expect(calls('/auth/status')).toBe(1);
    vi.advanceTimersByTime(1);
    await auth.status();
    expect(calls('/auth/status')).toBe(2);
    expect(auth.getSnapshot()).toEqual({
      authenticated: true,
      user: { id: 'u1', email: 'a@b.co' },
    });
  });

  it("sends the browser's time zone with the code, and keeps the user's zone from the status", async () => {
    const { auth, fetch } = setup({
      '/auth/validate-otp': () => jsonResponse({ success: true, message: 'ok' }),
      '/auth/status': () =>
        jsonResponse({
          authenticated: true,
          user: { id: 'u1', email: 'a@b.co' },
          timeZone: 'Asia/Tokyo',
        }),
    });
    await auth.validateOtp('a@b.co', '123456');
    const [, init] = fetch.mock.calls.find(([input]) => String(input).endsWith('/validate-otp'))!;
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'a@b.co',
      code: '123456',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    await auth.status();
    expect(auth.getSnapshot().timeZone).toBe('Asia/Tokyo');
  });

  it('does not replay a failed status check', async () => {
    const { auth, fetch, calls } = setup();
    fetch.mockImplementationOnce(async () => jsonResponse({ error: 'down' }, 503));
    await expect(auth.status()).rejects.toMatchObject({ status: 503 });
    await expect(auth.status()).resolves.toMatchObject({ authenticated: true });
    expect(calls('/auth/status')).toBe(2);
  });

  it('treats a 401 status answer as signed out', async () => {
    const { auth } = setup({ '/auth/status': () => jsonResponse({ error: 'no' }, 401) });
    await expect(auth.status()).resolves.toEqual({ authenticated: false });
    expect(auth.getSnapshot().authenticated).toBe(false);
  });

  it('markLoggedIn keeps the token and answers the next status check itself', async () => {
    const { auth, calls } = setup({ '/auth/status': () => jsonResponse({ authenticated: false }) });
    auth.markLoggedIn('tok-9');
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('tok-9');
    await expect(auth.status()).resolves.toMatchObject({ authenticated: true });
    expect(calls('/auth/status')).toBe(0);
  });

  it('logout signs out on the server, then forgets token, privacy and subscription', async () => {
    const { auth, privacy, subscription, calls } = setup({
      '/auth/logout': () => jsonResponse({ success: true }),
      '/auth/privacy-status': () => jsonResponse({ hasAcceptedPrivacy: true }),
      '/auth/subscription-status': () =>
        jsonResponse({
          status: 'paid',
          trialExpiresOn: '',
          daysRemaining: 0,
          hasSeenTrialNotice: true,
          lastSubscriptionChangeTime: 0,
        }),
    });
    auth.markLoggedIn('tok-1');
    await privacy.hasAccepted();
    await subscription.get();
    await auth.logout();
    expect(calls('/auth/logout')).toBe(1);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(auth.getSnapshot().authenticated).toBe(false);
    expect(privacy.getSnapshot()).toBeNull();
    expect(subscription.getSnapshot()).toBeNull();
  });

  it('a failed logout keeps the session and says "Failed to logout"', async () => {
    const { auth } = setup({ '/auth/logout': () => jsonResponse({ error: 'down' }, 500) });
    auth.markLoggedIn('tok-1');
    await expect(auth.logout()).rejects.toThrow('Failed to logout');
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('tok-1');
  });

  it('a 401 from any call forgets the session and tells the shell', async () => {
    const { api, auth, onUnauthorized } = setup({
      '/meetings/': () => jsonResponse({ error: 'no' }, 401),
    });
    auth.markLoggedIn('tok-1');
    await expect(api.get('/meetings/')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(auth.getSnapshot().authenticated).toBe(false);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('privacy: one status call per session, accept remembers it, failures use the product texts', async () => {
    let accepted = false;
    const { privacy, calls } = setup({
      '/auth/privacy-status': () => jsonResponse({ hasAcceptedPrivacy: accepted }),
      '/auth/accept-privacy': () => {
        accepted = true;
        return jsonResponse({ success: true });
      },
    });
    await expect(privacy.hasAccepted()).resolves.toBe(false);
    await privacy.accept();
    await expect(privacy.hasAccepted()).resolves.toBe(true);
    expect(calls('/auth/privacy-status')).toBe(1);

    const broken = setup({
      '/auth/privacy-status': () => jsonResponse({ error: 'x' }, 500),
      '/auth/accept-privacy': () => jsonResponse({ error: 'x' }, 500),
    });
    await expect(broken.privacy.hasAccepted()).rejects.toThrow('Failed to get privacy status');
    await expect(broken.privacy.accept()).rejects.toThrow('Failed to accept privacy statement');
  });
});
