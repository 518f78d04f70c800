import { describe, expect, it } from 'vitest';
import { streamForSubject, subjectMatches, Subjects, Streams } from './events.js';

describe('subject matching', () => {
  it('matches NATS wildcards', () => {
    expect(subjectMatches('meetings.meeting.>', 'meetings.meeting.upserted')).toBe(true);
    expect(subjectMatches('meetings.meeting.>', 'meetings.meeting')).toBe(false);
    expect(subjectMatches('auth.*.revoked', 'auth.session.revoked')).toBe(true);
    expect(subjectMatches('auth.*', 'auth.session.revoked')).toBe(false);
    expect(subjectMatches('subscription.changed', 'subscription.changed')).toBe(true);
  });

  it('puts every durable subject in exactly one stream', () => {
    for (const subject of Object.values(Subjects)) {
      const holders = Object.entries(Streams)
        .filter(([, s]) => s.subjects.some((p) => subjectMatches(p, subject)))
        .map(([name]) => name);
      expect(holders, subject).toEqual([streamForSubject(subject)]);
    }
  });
});
