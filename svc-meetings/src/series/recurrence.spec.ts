import { describe, expect, it } from 'vitest';
import { nextOccurrence, normalizeRecurrence, RecurrenceError, ruleForUtc } from './recurrence.js';

describe('normalizeRecurrence', () => {
  it('keeps supported rules, upper case and without the RRULE: prefix', () => {
    expect(normalizeRecurrence('FREQ=WEEKLY;BYDAY=MO')).toBe('FREQ=WEEKLY;BYDAY=MO');
    expect(normalizeRecurrence(' rrule:freq=monthly;byday=1tu ')).toBe('FREQ=MONTHLY;BYDAY=1TU');
    expect(normalizeRecurrence('FREQ=WEEKLY;INTERVAL=2;BYDAY=WE')).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE',
    );
    expect(normalizeRecurrence('FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20271231T000000Z')).toBe(
      'FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20271231T000000Z',
    );
  });

  it.each([
    ['', 'empty'],
    ['WEEKLY', 'not a part'],
    ['FREQ=HOURLY', 'FREQ must be'],
    ['FREQ=SECONDLY', 'FREQ must be'],
    ['FREQ=WEEKLY;BYHOUR=9', 'BYHOUR is not supported'],
    ['FREQ=WEEKLY;COUNT=3', 'COUNT is not supported'],
    ['BYDAY=MO', 'FREQ is required'],
    ['FREQ=WEEKLY;FREQ=DAILY', 'given twice'],
    ['FREQ=WEEKLY;INTERVAL=0', 'INTERVAL must be'],
    ['FREQ=WEEKLY;BYDAY=XX', 'XX'],
    ['FREQ=WEEKLY;X-NAME=1', 'not a part'],
    ['DTSTART=20260101T000000Z;FREQ=DAILY', 'DTSTART is not supported'],
    ['FREQ=YEARLY;BYMONTH=13', 'BYMONTH'],
    ['FREQ=MONTHLY;BYMONTHDAY=0', 'BYMONTHDAY'],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', 'no date'],
  ])('refuses %j', (rule) => {
    expect(() => normalizeRecurrence(rule)).toThrow(RecurrenceError);
  });
});

const at = (iso: string) => new Date(iso);

describe('nextOccurrence', () => {
  it('weekly on Monday from a Monday, in UTC', () => {
    expect(nextOccurrence('FREQ=WEEKLY;BYDAY=MO', at('2026-03-02T09:00:00Z'), 'UTC')).toEqual(
      at('2026-03-09T09:00:00Z'),
    );
  });

  it('reads the weekday in the owner zone, not in UTC', () => {
    // Monday 08:30 in Auckland is Sunday 19:30 UTC.
    const monday = at('2026-06-14T20:30:00Z');
    expect(nextOccurrence('FREQ=WEEKLY;BYDAY=MO', monday, 'Pacific/Auckland')).toEqual(
      at('2026-06-21T20:30:00Z'),
    );
    // Monday 18:00 in Los Angeles is Tuesday 01:00 UTC.
    const evening = at('2026-06-16T01:00:00Z');
    expect(nextOccurrence('FREQ=WEEKLY;BYDAY=MO', evening, 'America/Los_Angeles')).toEqual(
      at('2026-06-23T01:00:00Z'),
    );
  });

  it('keeps the wall-clock time across a daylight-saving change', () => {
    // London: 09:00 GMT on Monday 23 March 2026, 09:00 BST (08:00 UTC) a week later.
    expect(
      nextOccurrence('FREQ=WEEKLY;BYDAY=MO', at('2026-03-23T09:00:00Z'), 'Europe/London'),
    ).toEqual(at('2026-03-30T08:00:00Z'));
    // New York, autumn: 10:00 EDT (14:00 UTC) then 10:00 EST (15:00 UTC).
    expect(
      nextOccurrence('FREQ=WEEKLY;BYDAY=TH', at('2026-10-29T14:00:00Z'), 'America/New_York'),
    ).toEqual(at('2026-11-05T15:00:00Z'));
    // The same rule in UTC moves nothing.
    expect(nextOccurrence('FREQ=WEEKLY;BYDAY=MO', at('2026-03-23T09:00:00Z'), 'UTC')).toEqual(
      at('2026-03-30T09:00:00Z'),
    );
  });

  it('every two weeks, and monthly on the first Tuesday', () => {
    expect(
      nextOccurrence('FREQ=WEEKLY;INTERVAL=2;BYDAY=WE', at('2026-01-07T15:00:00Z'), 'UTC'),
    ).toEqual(at('2026-01-21T15:00:00Z'));
    expect(
      nextOccurrence('FREQ=MONTHLY;BYDAY=1TU', at('2026-01-06T12:00:00Z'), 'Europe/Berlin'),
    ).toEqual(at('2026-02-03T12:00:00Z'));
    // From a day that is not in the rule: its next day in the rule.
    expect(nextOccurrence('FREQ=WEEKLY;BYDAY=FR', at('2026-01-06T12:00:00Z'), 'UTC')).toEqual(
      at('2026-01-09T12:00:00Z'),
    );
  });

  it('has no next date once UNTIL has passed', () => {
    expect(
      nextOccurrence('FREQ=WEEKLY;UNTIL=20260110T000000Z', at('2026-01-06T12:00:00Z'), 'UTC'),
    ).toBeNull();
  });
});

describe('ruleForUtc', () => {
  it('moves plain weekdays to the UTC day of the meeting', () => {
    // Monday 08:30 in Auckland is Sunday 19:30 UTC.
    const monday = at('2026-06-14T20:30:00Z');
    expect(ruleForUtc('FREQ=WEEKLY;BYDAY=MO', monday, 'Pacific/Auckland')).toBe(
      'FREQ=WEEKLY;BYDAY=SU',
    );
    expect(ruleForUtc('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SA', monday, 'Pacific/Auckland')).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,FR',
    );
    // Monday 18:00 in Los Angeles is Tuesday 01:00 UTC.
    expect(
      ruleForUtc('FREQ=WEEKLY;BYDAY=MO', at('2026-06-16T01:00:00Z'), 'America/Los_Angeles'),
    ).toBe('FREQ=WEEKLY;BYDAY=TU');
  });

  it('leaves a rule alone when the days agree, and ordinal weekdays always', () => {
    expect(ruleForUtc('FREQ=WEEKLY;BYDAY=MO', at('2026-03-02T09:00:00Z'), 'Europe/London')).toBe(
      'FREQ=WEEKLY;BYDAY=MO',
    );
    expect(
      ruleForUtc('FREQ=MONTHLY;BYDAY=1MO', at('2026-06-14T20:30:00Z'), 'Pacific/Auckland'),
    ).toBe('FREQ=MONTHLY;BYDAY=1MO');
  });
});
