import { describe, expect, it } from 'vitest';
import { durationChoices, durationLabel, repeatChoices } from './repeats.js';

describe('repeatChoices', () => {
  it('names the meeting day in the owner zone', () => {
    // Tuesday 6 January 2026, 23:30 UTC is already Wednesday 7 January in Berlin.
    const date = new Date('2026-01-06T23:30:00Z');
    expect(repeatChoices(date, 'UTC')).toEqual([
      { kind: 'weekly', label: 'Weekly on Tuesday', rule: 'FREQ=WEEKLY;BYDAY=TU' },
      { kind: 'biweekly', label: 'Every 2 weeks', rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU' },
      { kind: 'monthly', label: 'Monthly on the first Tuesday', rule: 'FREQ=MONTHLY;BYDAY=1TU' },
    ]);
    expect(repeatChoices(date, 'Europe/Berlin').map((c) => c.rule)).toEqual([
      'FREQ=WEEKLY;BYDAY=WE',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE',
      'FREQ=MONTHLY;BYDAY=1WE',
    ]);
  });

  it('calls a fifth weekday the last one', () => {
    const fifthFriday = new Date('2026-01-30T10:00:00Z');
    expect(repeatChoices(fifthFriday, 'UTC')[2]).toEqual({
      kind: 'monthly',
      label: 'Monthly on the last Friday',
      rule: 'FREQ=MONTHLY;BYDAY=-1FR',
    });
    expect(repeatChoices(new Date('2026-01-22T10:00:00Z'), 'UTC')[2]!.label).toBe(
      'Monthly on the fourth Thursday',
    );
  });
});

describe('durations', () => {
  it('offers 15 minutes to 8 hours in steps of 15', () => {
    const choices = durationChoices();
    expect(choices).toHaveLength(32);
    expect(choices[0]).toEqual({ minutes: 15, label: '15 min' });
    expect(choices.at(-1)).toEqual({ minutes: 480, label: '8 h' });
    expect(durationLabel(75)).toBe('1 h 15 min');
  });
});
