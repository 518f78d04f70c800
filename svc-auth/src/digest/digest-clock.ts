import { wallClock } from '@meetings/domain';

/** The local hour at which each person's digest goes out. */
export const DIGEST_HOUR = 8;

/** The day and hour it is at `now` on a wall clock in the time zone. */
export function localTime(timeZone: string, now: Date): { date: string; hour: number } {
  const { year, month, day, hour } = wallClock(timeZone, now);
  return { date: `${year}-${month}-${day}`, hour: Number(hour) };
}

/**
 * The local day whose digest is due at `now` in the time zone, or null before 08:00 there. From
 * 08:00 to midnight the day's digest is due, so a run missed while every replica was down goes out
 * when one comes back, that day only; the next day is a new day with its own digest.
 */
export function digestDay(timeZone: string, now: Date): string | null {
  const local = localTime(timeZone, now);
  return local.hour >= DIGEST_HOUR ? local.date : null;
}
