import { describe, expect, it } from 'vitest';
import {
  dateInputValue,
  formatDate,
  formatWeekdayDate,
  groupMeetings,
  meetingGroup,
  roundDownToStep,
  timeChoices,
  wallClock,
  withDay,
  withTime,
  MEETING_GROUPS,
} from './dates.js';

// Wednesday 14 October 2026, noon local time.
const now = new Date(2026, 9, 14, 12, 0, 0);
const day = (y: number, m: number, d: number, h = 10) => new Date(y, m - 1, d, h);

describe('meeting groups (weeks start on Monday)', () => {
  it.each([
    [day(2026, 10, 12, 0), 'This week'], // Monday of this week
    [day(2026, 10, 18, 23), 'This week'], // Sunday of this week
    [day(2026, 10, 19), 'Next week'],
    [day(2026, 10, 25), 'Next week'],
    [day(2026, 10, 26), 'Later this month'],
    [day(2026, 11, 3), 'Next month'],
    [day(2026, 12, 1), 'Later'],
    [day(2026, 10, 11), 'Last week'],
    [day(2026, 10, 5), 'Last week'],
    [day(2026, 10, 4), 'Earlier this month'],
    [day(2026, 10, 1), 'Earlier this month'],
    [day(2026, 9, 30), 'Last month'],
    [day(2026, 8, 31), 'Older'],
  ])('%s is %s', (date, group) => {
    expect(meetingGroup(date, now)).toBe(group);
  });

  it('lets a week that crosses a month end win over the month', () => {
    const endOfMonth = new Date(2026, 9, 28, 12); // Wednesday 28 October
    expect(meetingGroup(day(2026, 11, 3), endOfMonth)).toBe('Next week');
    expect(meetingGroup(day(2026, 11, 20), endOfMonth)).toBe('Next month');
  });

  it('orders groups as MEETING_GROUPS lists them, hides empty ones, newest first inside', () => {
    const meetings = [
      { id: 'a', date: day(2026, 10, 13).toISOString() },
      { id: 'b', date: day(2025, 1, 1).toISOString() },
      { id: 'c', date: day(2026, 10, 17).toISOString() },
      { id: 'd', date: day(2027, 3, 1).toISOString() },
    ];
    const groups = groupMeetings(meetings, now);
    expect(groups.map((g) => g.group)).toEqual(['Later', 'This week', 'Older']);
    expect(groups[1]!.meetings.map((m) => m.id)).toEqual(['c', 'a']);
    expect(MEETING_GROUPS).toHaveLength(9);
  });
});

describe('times', () => {
  it('offers 96 choices in 15-minute steps', () => {
    const choices = timeChoices();
    expect(choices).toHaveLength(96);
    expect(choices[0]).toBe('00:00');
    expect(choices[1]).toBe('00:15');
    expect(choices[95]).toBe('23:45');
  });

  it('rounds down to the quarter hour', () => {
    const rounded = roundDownToStep(new Date(2026, 0, 5, 9, 44, 59, 999));
    expect([rounded.getHours(), rounded.getMinutes(), rounded.getSeconds()]).toEqual([9, 30, 0]);
  });

  it('formats dd/MM/yyyy', () => {
    expect(formatDate(new Date(2026, 0, 5))).toBe('05/01/2026');
  });

  it('writes the long date as the list does: weekday dd/MM/yyyy', () => {
    expect(formatWeekdayDate(new Date(2026, 10, 30, 23, 45))).toBe('Monday 30/11/2026');
  });
});

describe('date and time inputs', () => {
  it('shows a date as yyyy-MM-dd in local time', () => {
    expect(dateInputValue(new Date(2026, 0, 5, 23, 45))).toBe('2026-01-05');
  });

  it('changes the day and keeps the time, or the time and keeps the day', () => {
    const start = new Date(2026, 9, 14, 9, 30);
    expect(withDay(start, '2027-02-28')).toEqual(new Date(2027, 1, 28, 9, 30));
    expect(withTime(start, '23:45')).toEqual(new Date(2026, 9, 14, 23, 45));
  });
});

describe('wall clock in a time zone', () => {
  it("reads the moment on the zone's own clock, midnight as 00", () => {
    // 23:30 UTC on Sunday 29 March 2026 is 01:30 on Monday in Berlin, summer time already begun.
    expect(wallClock('Europe/Berlin', '2026-03-29T23:30:00Z')).toEqual({
      weekday: 'Monday',
      day: '30',
      month: '03',
      year: '2026',
      hour: '01',
      minute: '30',
    });
    expect(wallClock('UTC', '2026-12-31T00:05:00Z')).toMatchObject({ day: '31', hour: '00' });
  });

  it('refuses a zone Intl does not know', () => {
    expect(() => wallClock('Mars/Olympus', new Date())).toThrow(RangeError);
  });
});
