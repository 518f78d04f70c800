import type { SubscriptionStatus } from '@meetings/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client.js';
import { createSubscriptionClient } from './subscription-client.js';
import { jsonResponse } from './testing.js';

const trial: SubscriptionStatus = {
  status: 'trial',
  trialExpiresOn: '2025-09-12T00:00:00.000Z',
  daysRemaining: 20,
  hasSeenTrialNotice: true,
  lastSubscriptionChangeTime: 0,
};

function setup(options: { signedOut?: boolean } = {}) {
  const fetch = vi
    .fn<typeof globalThis.fetch>()
    .mockImplementation(async () => jsonResponse(trial));
  const api = createApiClient({ fetch, currentPath: () => '/app' });
  const client = createSubscriptionClient(api, {
    now: () => Date.now(),
    isSignedOut: () => options.signedOut ?? false,
  });
  return { client, fetch };
}

const failing = () => jsonResponse({ error: 'The service is temporarily unavailable.' }, 503);

describe('subscription client', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2025-08-20T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('answers from the cache for 30 minutes', async () => {
    const { client, fetch } = setup();
    await expect(client.get()).resolves.toEqual(trial);
    vi.advanceTimersByTime(29 * 60_000);
    await client.get();
    expect(fetch).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(61_000);
    await client.get();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(client.getSnapshot()).toEqual(trial);
  });

  it('force skips the 30-minute cache but keeps 5 s between calls', async () => {
    const { client, fetch } = setup();
    await client.get();
    vi.advanceTimersByTime(4_999);
    await expect(client.get({ force: true })).resolves.toEqual(trial);
    expect(fetch).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    fetch.mockImplementationOnce(async () => jsonResponse({ ...trial, status: 'paid' }));
    await expect(client.get({ force: true })).resolves.toMatchObject({ status: 'paid' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('says to wait when asked again within 5 s with nothing cached', async () => {
    const { client, fetch } = setup();
    fetch.mockImplementationOnce(async () => failing());
    await expect(client.get()).rejects.toThrow('Failed to get subscription status');
    await expect(client.get()).rejects.toThrow(
      'Please wait before checking subscription status again',
    );
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('shares one call between callers that ask at the same time', async () => {
    const { client, fetch } = setup();
    const [a, b] = await Promise.all([client.get({ force: true }), client.get({ force: true })]);
    expect(a).toBe(b);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('stops calling after 3 failures in a row and answers from the cache', async () => {
    const { client, fetch } = setup();
    await client.get();
    fetch.mockImplementation(async () => failing());
    for (let attempt = 0; attempt < 3; attempt += 1) {
      vi.advanceTimersByTime(5_000);
      await expect(client.get({ force: true })).rejects.toThrow(
        'Failed to get subscription status',
      );
    }
    vi.advanceTimersByTime(5_000);
    await expect(client.get({ force: true })).resolves.toEqual(trial);
    vi.advanceTimersByTime(60 * 60_000);
    await expect(client.get()).resolves.toEqual(trial);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('reports the service unavailable after 3 failures with nothing cached', async () => {
    const { client, fetch } = setup();
    fetch.mockImplementation(async () => failing());
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await expect(client.get()).rejects.toThrow('Failed to get subscription status');
      vi.advanceTimersByTime(5_000);
    }
    await expect(client.get()).rejects.toThrow('Subscription service currently unavailable');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('a success resets the failure count', async () => {
    const { client, fetch } = setup();
    fetch
      .mockImplementationOnce(async () => failing())
      .mockImplementationOnce(async () => failing());
    await expect(client.get()).rejects.toThrow();
    vi.advanceTimersByTime(5_000);
    await expect(client.get()).rejects.toThrow();
    vi.advanceTimersByTime(5_000);
    await client.get();
    fetch.mockImplementation(async () => failing());
    vi.advanceTimersByTime(5_000);
    await expect(client.get({ force: true })).rejects.toThrow('Failed to get subscription status');
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('does not call the server for a signed-out user', async () => {
    const { client, fetch } = setup({ signedOut: true });
    await expect(client.get()).rejects.toThrow('User is not authenticated');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('maps a 401 to "User is not authenticated" without counting it as a failure', async () => {
    const { client, fetch } = setup();
    fetch.mockImplementation(async () => jsonResponse({ error: 'User is not authenticated' }, 401));
    await expect(client.get()).rejects.toThrow('User is not authenticated');
  });

  it('asks the server again right after acknowledging the trial notice', async () => {
    const { client, fetch } = setup();
    await client.get();
    fetch.mockImplementation(async (input) =>
      String(input).endsWith('/acknowledge-trial')
        ? jsonResponse({ success: true })
        : jsonResponse({ ...trial, hasSeenTrialNotice: true, daysRemaining: 19 }),
    );
    await client.acknowledgeTrial();
    await expect(client.get({ force: true })).resolves.toMatchObject({ daysRemaining: 19 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('sends the chosen plan and reports a failed change with its message', async () => {
    const { client, fetch } = setup();
    fetch.mockImplementationOnce(async () => jsonResponse({ success: true }));
    await client.update('paid');
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('/api/auth/update-subscription');
    expect(init?.body).toBe('{"status":"paid"}');
    fetch.mockImplementationOnce(async () => failing());
    await expect(client.update('free')).rejects.toThrow('Failed to update subscription status');
    fetch.mockImplementationOnce(async () => failing());
    await expect(client.acknowledgeTrial()).rejects.toThrow('Failed to acknowledge trial notice');
  });

  it('reset forgets the cached plan', async () => {
    const { client, fetch } = setup();
    await client.get();
    client.reset();
    expect(client.getSnapshot()).toBeNull();
    await client.get();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
