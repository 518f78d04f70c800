import type { DueFilter } from '@meetings/contracts';
import { formatWeekdayDate, wallClock } from '@meetings/domain/dates';

// Due dates are days (`YYYY-MM-DD`, no time); "today" is the day it is in the user's time zone.

/** The day it is at `now` in the time zone (an IANA name Intl knows). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const { year, month, day } = wallClock(timeZone, now);
  return `${year}-${month}-${day}`;
}

/** The day `days` after `day` (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/**
 * The due dates a filter takes, as an inclusive range of days (`none`: no due date). Overdue is
 * before today; the week is today and the six days after it.
 */
export function dueRange(
  filter: DueFilter,
  timeZone: string,
  now: Date = new Date(),
): { from?: string; to?: string; undated?: true } {
  const today = todayIn(timeZone, now);
  switch (filter) {
    case 'overdue':
      return { to: addDays(today, -1) };
    case 'today':
      return { from: today, to: today };
    case 'week':
      return { from: today, to: addDays(today, 6) };
    case 'none':
      return { undated: true };
  }
}

/** How a due date stands on `today`: overdue only while the action is open. */
export type DueState = 'overdue' | 'today' | 'upcoming';

export function dueState(dueDate: string, today: string, completed = false): DueState {
  if (dueDate === today) return 'today';
  return dueDate < today && !completed ? 'overdue' : 'upcoming';
}

/** A due day as "weekday dd/MM/yyyy", read as the calendar day it is (no time zone shift). */
export function formatDueDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return formatWeekdayDate(new Date(y!, m! - 1, d!));
}

/** The IANA zone this browser runs in (UTC where Intl cannot tell). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * A moment as the product writes it, in a time zone (an IANA name Intl knows): "Monday 30/11/2026
 * 14:00". For servers, which cannot rely on their own zone.
 */
export function formatDateTimeIn(value: Date | string, timeZone: string): string {
  const { weekday, day, month, year, hour, minute } = wallClock(timeZone, value);
  return `${weekday} ${day}/${month}/${year} ${hour}:${minute}`;
}
