import { describe, expect, it } from 'vitest';
import {
  addDays,
  dueRange,
  dueState,
  formatDateTimeIn,
  formatDueDate,
  todayIn,
} from './due-dates.js';

describe('today in a time zone', () => {
  it.each([
    // Auckland is UTC+13 in (southern) summer: its day starts at 11:00 UTC the day before.
    ['2026-01-14T10:59:59Z', 'Pacific/Auckland', '2026-01-14'],
    ['2026-01-14T11:00:00Z', 'Pacific/Auckland', '2026-01-15'],
    // ...and UTC+12 in winter.
    ['2026-07-14T11:59:59Z', 'Pacific/Auckland', '2026-07-14'],
    ['2026-07-14T12:00:00Z', 'Pacific/Auckland', '2026-07-15'],
    // Los Angeles is UTC-8 in winter, UTC-7 in summer.
    ['2026-01-15T07:59:59Z', 'America/Los_Angeles', '2026-01-14'],
    ['2026-01-15T08:00:00Z', 'America/Los_Angeles', '2026-01-15'],
    ['2026-07-15T06:59:59Z', 'America/Los_Angeles', '2026-07-14'],
    ['2026-07-15T07:00:00Z', 'America/Los_Angeles', '2026-07-15'],
    ['2026-01-14T23:59:59Z', 'UTC', '2026-01-14'],
    ['2026-01-15T00:00:00Z', 'UTC', '2026-01-15'],
    // Kolkata is UTC+5:30.
    ['2026-01-14T18:29:59Z', 'Asia/Kolkata', '2026-01-14'],
    ['2026-01-14T18:30:00Z', 'Asia/Kolkata', '2026-01-15'],
    // New Year's Eve turns over in Auckland while it is still the 31st in Los Angeles.
    ['2026-12-31T12:00:00Z', 'Pacific/Auckland', '2027-01-01'],
    ['2026-12-31T12:00:00Z', 'America/Los_Angeles', '2026-12-31'],
  ])('at %s in %s it is %s', (instant, timeZone, day) => {
    expect(todayIn(timeZone, new Date(instant))).toBe(day);
  });
});

describe('day arithmetic', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-12-26', 6, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    // Days, not 24-hour steps: a daylight-saving change in between does not matter.
    ['2026-03-28', 2, '2026-03-30'],
  ])('%s + %i is %s', (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected);
  });
});

describe('due filters', () => {
  // 23:30 on Tuesday 14 April in Los Angeles, already Wednesday 15 April in Auckland.
  const now = new Date('2026-04-15T06:30:00Z');

  it('judge overdue, today and the week in the user time zone', () => {
    expect(dueRange('overdue', 'America/Los_Angeles', now)).toEqual({ to: '2026-04-13' });
    expect(dueRange('today', 'America/Los_Angeles', now)).toEqual({
      from: '2026-04-14',
      to: '2026-04-14',
    });
    expect(dueRange('today', 'Pacific/Auckland', now)).toEqual({
      from: '2026-04-15',
      to: '2026-04-15',
    });
    expect(dueRange('week', 'Pacific/Auckland', now)).toEqual({
      from: '2026-04-15',
      to: '2026-04-21',
    });
    expect(dueRange('overdue', 'Pacific/Auckland', now)).toEqual({ to: '2026-04-14' });
    expect(dueRange('none', 'UTC', now)).toEqual({ undated: true });
  });
});

describe('a due date on screen', () => {
  it('is "weekday dd/MM/yyyy" of the calendar day, whatever the zone', () => {
    expect(formatDueDate('2026-03-05')).toBe('Thursday 05/03/2026');
    expect(formatDueDate('2024-02-29')).toBe('Thursday 29/02/2024');
  });

  it.each([
    ['2026-03-04', '2026-03-05', false, 'overdue'],
    ['2026-03-04', '2026-03-05', true, 'upcoming'],
    ['2026-03-05', '2026-03-05', false, 'today'],
    ['2026-03-06', '2026-03-05', false, 'upcoming'],
    ['2025-12-31', '2026-01-01', false, 'overdue'],
  ] as const)('due %s on %s (done: %s) is %s', (due, today, completed, state) => {
    expect(dueState(due, today, completed)).toBe(state);
  });
});

describe('a moment in a time zone', () => {
  it('writes the weekday, the day and the time the zone sees, across a daylight-saving change', () => {
    expect(formatDateTimeIn('2026-03-28T23:30:00Z', 'UTC')).toBe('Saturday 28/03/2026 23:30');
    expect(formatDateTimeIn('2026-03-28T23:30:00Z', 'Europe/London')).toBe(
      'Saturday 28/03/2026 23:30',
    );
    // London is on summer time a day later.
    expect(formatDateTimeIn('2026-03-29T23:30:00Z', 'Europe/London')).toBe(
      'Monday 30/03/2026 00:30',
    );
    expect(formatDateTimeIn(new Date('2026-11-30T00:15:00Z'), 'America/New_York')).toBe(
      'Sunday 29/11/2026 19:15',
    );
  });
});
