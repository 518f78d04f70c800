import { LRUCache } from 'lru-cache';

/** How long a verified token is trusted without checking it again, at most. */
export const VERIFIED_TOKEN_TTL_MS = 60_000;
const MAX_TOKENS = 10_000;

/**
 * Tokens that passed verification, with what they said, until the earlier of their own expiry and
 * a minute from now (so a key withdrawn from svc-auth's list stops counting within a minute).
 * Bounded: the least recently used token is forgotten first, and simply verified again.
 */
export class VerifiedTokens<T extends object> {
  private readonly tokens = new LRUCache<string, { value: T; until: number }>({ max: MAX_TOKENS });

  constructor(private readonly now: () => number = Date.now) {}

  get(token: string): T | undefined {
    const entry = this.tokens.get(token);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.tokens.delete(token);
      return undefined;
    }
    return entry.value;
  }

  /** `expiresAt`: epoch ms after which the token itself is no longer valid. */
  remember(token: string, value: T, expiresAt: number): void {
    const until = Math.min(expiresAt, this.now() + VERIFIED_TOKEN_TTL_MS);
    if (until > this.now()) this.tokens.set(token, { value, until });
  }
}
