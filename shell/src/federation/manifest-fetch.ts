import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Runtime plugin: a remote's manifest that is missing or does not answer in time fails the load,
 * which the remote's slot shows with Retry; the shell and the other remotes keep working.
 */
export function manifestFetchPlugin(timeoutMs: number): ModuleFederationRuntimePlugin {
  return {
    name: 'meetings-manifest-fetch',
    // A 404 page must fail the manifest fetch (a parsed non-manifest would be cached for good).
    // no-store: always the deployed manifest, and no HTTP cache lock behind a hung request.
    async fetch(url, init) {
      const response = await globalThis.fetch(url, {
        ...init,
        cache: 'no-store',
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response;
    },
  };
}
