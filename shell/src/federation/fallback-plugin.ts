import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { findIncompatibility } from './compatibility.js';

export interface RemoteFallbackOptions {
  /** The module to hand back instead of a remote's exposed module when it cannot be loaded. */
  fallbackModule: () => unknown;
  /** A manifest request still unanswered after this long is abandoned. */
  manifestTimeoutMs: number;
}

/**
 * Runtime plugin: a remote whose files are missing or broken yields a fallback module instead of
 * an exception, so the shell and the other remotes keep working.
 */
export function remoteFallbackPlugin({
  fallbackModule,
  manifestTimeoutMs,
}: RemoteFallbackOptions): ModuleFederationRuntimePlugin {
  return {
    name: 'meetings-remote-fallback',
    // A 404 page must fail the manifest fetch (a parsed non-manifest would be cached for good).
    // no-store: always the deployed manifest, and no HTTP cache lock behind a hung request.
    async fetch(url, init) {
      const response = await globalThis.fetch(url, {
        ...init,
        cache: 'no-store',
        signal: AbortSignal.timeout(manifestTimeoutMs),
      });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response;
    },
    errorLoadRemote({ id, lifecycle, error }) {
      // A refused remote keeps its reason, which the slot shows instead of the generic fallback.
      if (findIncompatibility(error)) return undefined;
      console.warn(`Remote ${id} could not be loaded (${lifecycle}):`, error);
      // Only a whole failed loadRemote gets the fallback; an earlier step must stay retryable.
      return lifecycle === 'onLoad' ? fallbackModule() : undefined;
    },
  };
}
