import { createHash } from 'node:crypto';
import { SessionResolutionSchema, type SessionResolution } from '@meetings/contracts';
import { LRUCache } from 'lru-cache';

const NEGATIVE_CACHE_MS = 1_000;
const RESOLVE_TIMEOUT_MS = 3_000;

export class AuthUnavailableError extends Error {
  constructor() {
    super('svc-auth did not answer');
    this.name = 'AuthUnavailableError';
  }
}

type Cached = { resolution: SessionResolution | null; until: number };

/**
 * Trades the browser's session token for svc-auth's short-lived internal token, keeping the answer
 * a few seconds. Logout through this gateway forgets it at once; other replicas forget it when
 * the `auth.session.revoked` event reaches them, and the short lifetime bounds the rest.
 */
export class SessionResolver {
  private readonly cache = new LRUCache<string, Cached>({ max: 20_000 });
  private readonly keyBySession = new Map<string, string>();

  constructor(
    private readonly authUrl: string,
    private readonly cacheMs: number,
  ) {}

  async resolve(token: string): Promise<SessionResolution | null> {
    const key = cacheKey(token);
    const cached = this.cache.get(key);
    if (cached && cached.until > Date.now()) return cached.resolution;
    const resolution = await this.ask(token);
    const until = resolution
      ? Math.min(Date.now() + this.cacheMs, resolution.internalTokenExpiresAt - 10_000)
      : Date.now() + NEGATIVE_CACHE_MS;
    this.cache.set(key, { resolution, until });
    if (resolution) this.keyBySession.set(resolution.sessionId, key);
    return resolution;
  }

  forgetToken(token: string): void {
    const key = cacheKey(token);
    const sessionId = this.cache.get(key)?.resolution?.sessionId;
    if (sessionId) this.keyBySession.delete(sessionId);
    this.cache.delete(key);
  }

  forgetSession(sessionId: string): void {
    const key = this.keyBySession.get(sessionId);
    if (key) this.cache.delete(key);
    this.keyBySession.delete(sessionId);
  }

  private async ask(token: string): Promise<SessionResolution | null> {
    let response: Response;
    try {
      response = await fetch(`${this.authUrl}/internal/sessions/resolve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
        signal: AbortSignal.timeout(RESOLVE_TIMEOUT_MS),
      });
    } catch {
      throw new AuthUnavailableError();
    }
    if (response.status === 401 || response.status === 400) return null;
    if (!response.ok) throw new AuthUnavailableError();
    return SessionResolutionSchema.parse(await response.json());
  }
}

function cacheKey(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
