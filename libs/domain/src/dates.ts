import {
  addMonths,
  addWeeks,
  endOfWeek,
  format,
  isSameMonth,
  startOfWeek,
  subMonths,
  subWeeks,
} from 'date-fns';
import { TIME_CHOICES_PER_DAY, TIME_STEP_MINUTES } from '@meetings/contracts';

// One date formatter for the product (dd/MM/yyyy, a long date, HH:mm). The long date is
// the list's weekday dd/MM/yyyy, so a day reads the same on every screen.

const WEEK = { weekStartsOn: 1 } as const;

/** For code other than date-fns' `format`, which takes a string or a number itself. */
function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** What a wall clock in a time zone (an IANA name Intl knows) shows at a moment. */
export interface WallClock {
  year: string;
  month: string;
  day: string;
  weekday: string;
  hour: string;
  minute: string;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

export function wallClock(timeZone: string, at: Date | string | number = new Date()): WallClock {
  let clock = wallClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'long',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(timeZone, clock);
  }
  const parts = clock
    .formatToParts(toDate(at))
    .filter((part) => part.type !== 'literal')
    .map((part) => [part.type, part.value]);
  return Object.fromEntries(parts) as unknown as WallClock;
}

export function formatDate(value: Date | string | number): string {
  return format(value, 'dd/MM/yyyy');
}

/** The long date: "Monday 30/11/2026". */
export function formatWeekdayDate(value: Date | string | number): string {
  return format(value, 'EEEE dd/MM/yyyy');
}

export function formatTime(value: Date | string | number): string {
  return format(value, 'HH:mm');
}

/** "title - dd/MM/yyyy", the way meetings are named in action lists. */
export function meetingLabel(title: string, date: Date | string | number): string {
  return `${title} - ${formatDate(date)}`;
}

export function roundDownToStep(value: Date, stepMinutes = TIME_STEP_MINUTES): Date {
  const rounded = new Date(value);
  rounded.setSeconds(0, 0);
  rounded.setMinutes(rounded.getMinutes() - (rounded.getMinutes() % stepMinutes));
  return rounded;
}

/** The 96 times of day, 00:00 to 23:45. */
export function timeChoices(): string[] {
  return Array.from({ length: TIME_CHOICES_PER_DAY }, (_, i) => {
    const minutes = i * TIME_STEP_MINUTES;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  });
}

/** The yyyy-MM-dd a date input shows for a date (local time). */
export function dateInputValue(value: Date | string | number): string {
  return format(value, 'yyyy-MM-dd');
}

/** Sets the day of a date from a date input's yyyy-MM-dd, keeping its time (local time). */
export function withDay(value: Date, yyyyMMdd: string): Date {
  const [y, m, d] = yyyyMMdd.split('-').map(Number);
  const next = new Date(value);
  next.setFullYear(y ?? next.getFullYear(), (m ?? 1) - 1, d ?? 1);
  return next;
}

/** Sets the HH:mm of a date, keeping its day (local time). */
export function withTime(value: Date, hhmm: string): Date {
  const [h, m] = hhmm.split(':').map(Number);
  const next = new Date(value);
  next.setHours(h ?? 0, m ?? 0, 0, 0);
  return next;
}

export const MEETING_GROUPS = [
  'Later',
  'Next month',
  'Later this month',
  'Next week',
  'This week',
  'Last week',
  'Earlier this month',
  'Last month',
  'Older',
] as const;
export type MeetingGroup = (typeof MEETING_GROUPS)[number];

/** The heading a meeting's date falls under, weeks starting on Monday. */
export function meetingGroup(value: Date | string | number, now: Date = new Date()): MeetingGroup {
  const date = toDate(value);
  const thisWeekStart = startOfWeek(now, WEEK);
  const thisWeekEnd = endOfWeek(now, WEEK);
  const nextWeekEnd = endOfWeek(addWeeks(now, 1), WEEK);
  const lastWeekStart = startOfWeek(subWeeks(now, 1), WEEK);

  if (date >= thisWeekStart && date <= thisWeekEnd) return 'This week';
  if (date > thisWeekEnd && date <= nextWeekEnd) return 'Next week';
  if (date >= lastWeekStart && date < thisWeekStart) return 'Last week';
  if (date > nextWeekEnd) {
    if (isSameMonth(date, now)) return 'Later this month';
    if (isSameMonth(date, addMonths(now, 1))) return 'Next month';
    return 'Later';
  }
  if (isSameMonth(date, now)) return 'Earlier this month';
  if (isSameMonth(date, subMonths(now, 1))) return 'Last month';
  return 'Older';
}

/** Groups in MEETING_GROUPS order, empty groups left out, newest first within a group. */
export function groupMeetings<T extends { date: string }>(
  meetings: readonly T[],
  now: Date = new Date(),
): { group: MeetingGroup; meetings: T[] }[] {
  const buckets = new Map<MeetingGroup, T[]>();
  for (const meeting of meetings) {
    const group = meetingGroup(meeting.date, now);
    const bucket = buckets.get(group) ?? [];
    bucket.push(meeting);
    buckets.set(group, bucket);
  }
  return MEETING_GROUPS.filter((group) => buckets.has(group)).map((group) => ({
    group,
    meetings: [...buckets.get(group)!].sort((a, b) => Date.parse(b.date) - Date.parse(a.date)),
  }));
}
