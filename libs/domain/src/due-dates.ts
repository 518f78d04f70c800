import type { DueFilter } from '@meetings/contracts';
import { formatWeekdayDate } from '@meetings/domain/dates';

// Due dates are days (`YYYY-MM-DD`, no time); "today" is the day it is in the user's time zone.

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The day it is at `now` in the time zone (an IANA name Intl knows). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
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

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as the product writes it, in a time zone (an IANA name Intl knows): "Monday 30/11/2026
 * 14:00". For servers, which cannot rely on their own zone.
 */
export function formatDateTimeIn(value: Date | string, timeZone: string): string {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'long',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(value)).map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
