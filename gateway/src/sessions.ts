import { createHash } from 'node:crypto';
import { SessionResolutionSchema, type SessionResolution } from '@meetings/contracts';
import { LRUCache } from 'lru-cache';

const NEGATIVE_CACHE_MS = 1_000;
const RESOLVE_TIMEOUT_MS = 3_000;

/** A session, none (`null`: unknown, expired or revoked), or svc-auth did not answer. */
export type Resolution = SessionResolution | null | 'unavailable';

/**
 * Trades the browser's session token for svc-auth's short-lived internal token, keeping the answer
 * a few seconds. Logout through this gateway forgets it at once; other replicas forget it when
 * the `auth.session.revoked` event reaches them, and the short lifetime bounds the rest. Both maps
 * are bounded in entries and age, so a flood of distinct tokens cannot grow the process.
 */
export class SessionResolver {
  private readonly cache: LRUCache<string, { resolution: SessionResolution | null }>;
  private readonly keyBySession: LRUCache<string, string>;
  private readonly asking = new Map<string, Promise<Resolution>>();
  /** Counts forgets: an answer asked for before one may predate it, and is not kept. */
  private forgets = 0;

  constructor(
    private readonly authUrl: string,
    private readonly limits: { maxAgeMs: number; maxEntries: number },
  ) {
    this.cache = new LRUCache({ max: limits.maxEntries, ttl: NEGATIVE_CACHE_MS });
    this.keyBySession = new LRUCache({ max: limits.maxEntries, ttl: NEGATIVE_CACHE_MS });
  }

  /** Sessions held now (entries past their age may still be counted until touched or pushed out). */
  get size(): { tokens: number; sessions: number } {
    return { tokens: this.cache.size, sessions: this.keyBySession.size };
  }

  async resolve(token: string): Promise<Resolution> {
    const key = cacheKey(token);
    const cached = this.cache.get(key);
    if (cached) return cached.resolution;
    // A first page load sends its calls at once, before the session is held: one question for all.
    let asking = this.asking.get(key);
    if (!asking) {
      asking = this.askAndKeep(token, key).finally(() => this.asking.delete(key));
      this.asking.set(key, asking);
    }
    return asking;
  }

  private async askAndKeep(token: string, key: string): Promise<Resolution> {
    const forgetsBefore = this.forgets;
    const resolution = await this.ask(token);
    // A logout, a new time zone or a revocation meanwhile: svc-auth may have answered before it.
    if (resolution === 'unavailable' || this.forgets !== forgetsBefore) return resolution;
    const ttl = resolution
      ? Math.min(this.limits.maxAgeMs, resolution.internalTokenExpiresAt - 10_000 - Date.now())
      : NEGATIVE_CACHE_MS;
    // lru-cache reads a ttl of 0 as "forever": an answer not to keep is not stored at all.
    if (ttl <= 0) return resolution;
    this.cache.set(key, { resolution }, { ttl });
    if (resolution) this.keyBySession.set(resolution.sessionId, key, { ttl });
    return resolution;
  }

  forgetToken(token: string): void {
    this.forgets++;
    const key = cacheKey(token);
    const sessionId = this.cache.get(key)?.resolution?.sessionId;
    if (sessionId) this.keyBySession.delete(sessionId);
    this.cache.delete(key);
    this.asking.delete(key);
  }

  forgetSession(sessionId: string): void {
    this.forgets++;
    const key = this.keyBySession.get(sessionId);
    if (key) this.cache.delete(key);
    this.keyBySession.delete(sessionId);
  }

  private async ask(token: string): Promise<Resolution> {
    const response = await fetch(`${this.authUrl}/internal/sessions/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
      signal: AbortSignal.timeout(RESOLVE_TIMEOUT_MS),
    }).catch(() => undefined);
    if (response?.status === 401 || response?.status === 400) return null;
    if (!response?.ok) return 'unavailable';
    return SessionResolutionSchema.parse(await response.json());
  }
}

function cacheKey(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
