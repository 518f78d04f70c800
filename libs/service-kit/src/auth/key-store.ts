import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';

/** Verification keys of the internal tokens, by key id. */
export interface KeyStore {
  get(kid: string): Promise<KeyObject | undefined>;
}

/** Keys given up front (tests, or a key pinned by configuration). */
export class StaticKeyStore implements KeyStore {
  private readonly keys: Map<string, KeyObject>;
  constructor(keys: Record<string, KeyObject>) {
    this.keys = new Map(Object.entries(keys));
  }
  async get(kid: string): Promise<KeyObject | undefined> {
    return this.keys.get(kid);
  }
}

const REFRESH_MIN_INTERVAL_MS = 10_000;
const FETCH_TIMEOUT_MS = 2_000;

/**
 * svc-auth's published keys (JWKS), fetched on first use and again when a token names an unknown
 * key (a rotation), at most once every 10 s so forged key ids cannot make us hammer svc-auth.
 */
export class JwksKeyStore implements KeyStore {
  private keys = new Map<string, KeyObject>();
  private lastFetch = 0;
  private inflight: Promise<void> | null = null;

  constructor(private readonly url: string) {}

  async get(kid: string): Promise<KeyObject | undefined> {
    const known = this.keys.get(kid);
    if (known) return known;
    if (Date.now() - this.lastFetch >= REFRESH_MIN_INTERVAL_MS || this.keys.size === 0) {
      await this.refresh().catch(() => undefined);
    }
    return this.keys.get(kid);
  }

  private refresh(): Promise<void> {
    this.inflight ??= (async () => {
      try {
        const response = await fetch(this.url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
        if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
        const body = (await response.json()) as { keys?: (JsonWebKey & { kid?: string })[] };
        const next = new Map<string, KeyObject>();
        for (const jwk of body.keys ?? []) {
          if (jwk.kid) next.set(jwk.kid, createPublicKey({ key: jwk, format: 'jwk' }));
        }
        this.keys = next;
        this.lastFetch = Date.now();
      } finally {
        this.inflight = null;
      }
    })();
    return this.inflight;
  }
}
