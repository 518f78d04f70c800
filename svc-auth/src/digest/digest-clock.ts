import { todayIn, wallClock } from '@meetings/domain';

/** The local hour at which each person's digest goes out. */
export const DIGEST_HOUR = 8;

/**
 * The local day whose digest is due at `now` in the time zone, or null before 08:00 there. From
 * 08:00 to midnight the day's digest is due, so a run missed while every replica was down goes out
 * when one comes back, that day only; the next day is a new day with its own digest.
 */
export function digestDay(timeZone: string, now: Date): string | null {
  return Number(wallClock(timeZone, now).hour) >= DIGEST_HOUR ? todayIn(timeZone, now) : null;
}
