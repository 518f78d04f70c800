import { createRequire } from 'node:module';
import { TZDate } from '@date-fns/tz';
import type * as RRuleModule from 'rrule';

// rrule ships a UMD bundle whose named exports Node's ESM loader cannot see.
const { RRule } = createRequire(import.meta.url)('rrule') as typeof RRuleModule;

/**
 * Times of day come from the meeting, so rules that set them (BYHOUR...) are not supported; nor is
 * COUNT, since each occurrence computes its successor from its own date (UNTIL ends a series).
 */
const SUPPORTED_PARTS = new Set([
  'FREQ',
  'INTERVAL',
  'UNTIL',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'BYSETPOS',
  'BYYEARDAY',
  'BYWEEKNO',
  'WKST',
]);
const FREQUENCIES = new Set(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);
const PART = /^([A-Z]+)=([\d,+A-Z-]+)$/;
const POSITIVE = /^\d{1,4}$/;
const SIGNED = /^[+-]?\d{1,3}$/;
/** The largest absolute value each numeric list part takes (RFC 5545, 3.3.10); 0 is never valid. */
const NUMBER_LISTS: Record<string, number> = {
  BYMONTH: 12,
  BYMONTHDAY: 31,
  BYYEARDAY: 366,
  BYWEEKNO: 53,
  BYSETPOS: 366,
};

export class RecurrenceError extends Error {}

/**
 * The rule as stored: upper case, without an `RRULE:` prefix, each part checked. Throws
 * RecurrenceError for anything rrule would not read, or a part this product does not support.
 */
export function normalizeRecurrence(input: string): string {
  let rule = input.trim().toUpperCase();
  if (rule.startsWith('RRULE:')) rule = rule.slice('RRULE:'.length);
  const seen = new Set<string>();
  for (const part of rule.split(';')) {
    const match = PART.exec(part);
    if (!match) throw new RecurrenceError(`"${part}" is not a part of an RRULE`);
    const [, name, value] = match as unknown as [string, string, string];
    if (!SUPPORTED_PARTS.has(name)) throw new RecurrenceError(`${name} is not supported`);
    if (seen.has(name)) throw new RecurrenceError(`${name} is given twice`);
    seen.add(name);
    if (name === 'FREQ' && !FREQUENCIES.has(value))
      throw new RecurrenceError(`FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY`);
    if (name === 'INTERVAL' && (!POSITIVE.test(value) || Number(value) < 1))
      throw new RecurrenceError(`${name} must be a whole number from 1`);
    const limit = NUMBER_LISTS[name];
    if (limit !== undefined && !value.split(',').every((n) => inRange(n, limit)))
      throw new RecurrenceError(`${name} takes numbers from 1 to ${limit}`);
    if (name === 'BYMONTH' && value.split(',').some((n) => n.startsWith('-')))
      throw new RecurrenceError('BYMONTH takes numbers from 1 to 12');
  }
  if (!seen.has('FREQ')) throw new RecurrenceError('FREQ is required');
  try {
    const options = RRule.parseString(rule);
    // A rule rrule reads but cannot expand (a bad BYDAY) fails here; one whose day never comes
    // (BYMONTH=2;BYMONTHDAY=30) has no date.
    const start = new Date(Date.UTC(2026, 0, 1));
    const rrule = new RRule({ ...options, until: null, dtstart: start });
    if (!rrule.after(start)) throw new RecurrenceError('the rule gives no date');
  } catch (error) {
    if (error instanceof RecurrenceError) throw error;
    throw new RecurrenceError((error as Error).message);
  }
  return rule;
}

/**
 * The rule's next date strictly after `after`, read in `timeZone`: the same wall-clock time in
 * that zone on the rule's next day, so a 09:00 weekly meeting stays at 09:00 across a DST change.
 * Null when the rule has ended (UNTIL).
 */
export function nextOccurrence(rule: string, after: Date, timeZone: string): Date | null {
  const local = new TZDate(after.getTime(), timeZone);
  // rrule counts in "floating" time: wall-clock fields carried in a UTC date.
  const floating = new Date(
    Date.UTC(
      local.getFullYear(),
      local.getMonth(),
      local.getDate(),
      local.getHours(),
      local.getMinutes(),
      local.getSeconds(),
    ),
  );
  const next = new RRule({ ...RRule.parseString(rule), dtstart: floating }).after(floating, false);
  if (!next) return null;
  return new Date(
    new TZDate(
      next.getUTCFullYear(),
      next.getUTCMonth(),
      next.getUTCDate(),
      next.getUTCHours(),
      next.getUTCMinutes(),
      next.getUTCSeconds(),
      0,
      timeZone,
    ).getTime(),
  );
}

function inRange(text: string, limit: number): boolean {
  if (!SIGNED.test(text)) return false;
  const value = Math.abs(Number(text));
  return value >= 1 && value <= limit;
}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const PLAIN_BYDAY = /^BYDAY=((?:MO|TU|WE|TH|FR|SA|SU)(?:,(?:MO|TU|WE|TH|FR|SA|SU))*)$/;

/**
 * The rule as a calendar reads it beside a UTC DTSTART: calendars expand it in UTC, so where the
 * meeting's day in the owner's zone is not its UTC day, plain weekdays move with it (Monday 08:30
 * in Auckland is Sunday 19:30 UTC: BYDAY=MO becomes BYDAY=SU). Weekdays with an ordinal (1TU)
 * cannot be moved exactly and are left as they are.
 */
export function ruleForUtc(rule: string, date: Date, timeZone: string): string {
  const local = new TZDate(date.getTime(), timeZone);
  const shift = (date.getUTCDay() - local.getDay() + 7) % 7;
  if (shift === 0) return rule;
  return rule
    .split(';')
    .map((part) => {
      const match = PLAIN_BYDAY.exec(part);
      if (!match) return part;
      const days = match[1]!.split(',').map((day) => WEEKDAYS[(WEEKDAYS.indexOf(day) + shift) % 7]);
      return `BYDAY=${days.join(',')}`;
    })
    .join(';');
}
