import { describe, expect, it } from 'vitest';
import { VERIFIED_TOKEN_TTL_MS, VerifiedTokens } from './verified-tokens.js';

const user = { id: 'u1', email: 'a@example.com', sessionId: 's1' };

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('VerifiedTokens', () => {
  it('answers a remembered token until the token itself expires', () => {
    const time = clock();
    const tokens = new VerifiedTokens<typeof user>(time.now);
    tokens.remember('t', user, time.now() + 10_000);
    expect(tokens.get('t')).toEqual(user);
    time.advance(9_999);
    expect(tokens.get('t')).toEqual(user);
    time.advance(1);
    expect(tokens.get('t')).toBeUndefined();
  });

  it('checks a long-lived token again after a minute at most', () => {
    const time = clock();
    const tokens = new VerifiedTokens<typeof user>(time.now);
    tokens.remember('t', user, time.now() + 5 * 60_000);
    time.advance(VERIFIED_TOKEN_TTL_MS - 1);
    expect(tokens.get('t')).toEqual(user);
    time.advance(1);
    expect(tokens.get('t')).toBeUndefined();
  });

  it('does not keep a token that has already expired, nor answer for one it never saw', () => {
    const time = clock();
    const tokens = new VerifiedTokens<typeof user>(time.now);
    tokens.remember('old', user, time.now());
    expect(tokens.get('old')).toBeUndefined();
    expect(tokens.get('other')).toBeUndefined();
  });
});
