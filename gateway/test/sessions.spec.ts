import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SessionResolver } from '../src/sessions.js';

let auth: Server;
let authUrl: string;
let asked: string[] = [];

beforeAll(async () => {
  // A stand-in svc-auth: every token is a session of its own, named after the token.
  auth = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const token = (JSON.parse(body) as { token: string }).token;
      asked.push(token);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          user: { id: '9b2f3c1e-1d2a-4c5b-8e7f-0a1b2c3d4e5f', email: 'u@x.co' },
          sessionId: `session-${token}`,
          internalToken: `internal-${token}`,
          internalTokenExpiresAt: Date.now() + 60_000,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => auth.listen(0, '127.0.0.1', resolve));
  authUrl = `http://127.0.0.1:${(auth.address() as { port: number }).port}`;
});
afterAll(() => auth?.close());
beforeEach(() => {
  asked = [];
});

describe('the per-session cache', () => {
  it('holds at most its size, dropping the least recently used session', async () => {
    const sessions = new SessionResolver(authUrl, { maxAgeMs: 60_000, maxEntries: 3 });
    for (let i = 0; i < 50; i++) await sessions.resolve(`t${i}`);
    expect(sessions.size).toEqual({ tokens: 3, sessions: 3 });
    asked = [];
    await sessions.resolve('t49');
    expect(asked).toEqual([]);
    await sessions.resolve('t0');
    expect(asked).toEqual(['t0']);
    // A revocation still reaches a session that is held.
    sessions.forgetSession('session-t0');
    await sessions.resolve('t0');
    expect(asked).toEqual(['t0', 't0']);
  });

  it('keeps no answer that was on its way when the session was forgotten', async () => {
    const sessions = new SessionResolver(authUrl, { maxAgeMs: 60_000, maxEntries: 100 });
    // A new time zone saved while another request of the page was being resolved.
    const changed = sessions.resolve('changed');
    sessions.forgetToken('changed');
    await changed;
    // A revocation from another replica before this one had the answer.
    const revoked = sessions.resolve('revoked');
    sessions.forgetSession('session-revoked');
    await revoked;
    await sessions.resolve('changed');
    await sessions.resolve('revoked');
    expect(asked).toEqual(['changed', 'revoked', 'changed', 'revoked']);
  });

  it('asks again once an answer is older than its age limit', async () => {
    const sessions = new SessionResolver(authUrl, { maxAgeMs: 100, maxEntries: 100 });
    await sessions.resolve('aging');
    await sessions.resolve('aging');
    expect(asked).toEqual(['aging']);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await sessions.resolve('aging');
    expect(asked).toEqual(['aging', 'aging']);
  });

  it('asks svc-auth once for calls that arrive together with the same session', async () => {
    const sessions = new SessionResolver(authUrl, { maxAgeMs: 60_000, maxEntries: 100 });
    const answers = await Promise.all(
      ['page', 'page', 'page', 'other'].map((t) => sessions.resolve(t)),
    );
    expect(asked.sort()).toEqual(['other', 'page']);
    expect(
      answers.map((answer) => (answer === 'unavailable' ? answer : answer?.sessionId)),
    ).toEqual(['session-page', 'session-page', 'session-page', 'session-other']);
  });

  it('keeps nothing when told to keep answers for no time', async () => {
    const sessions = new SessionResolver(authUrl, { maxAgeMs: 0, maxEntries: 100 });
    await sessions.resolve('fresh');
    await sessions.resolve('fresh');
    expect(asked).toEqual(['fresh', 'fresh']);
    expect(sessions.size).toEqual({ tokens: 0, sessions: 0 });
  });
});
