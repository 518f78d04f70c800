import { z } from 'zod';
import { EMAIL_MAX_LENGTH, MAX_PAGE_SIZE, PAGE_SIZE, SEARCH_MAX_LENGTH } from './constants.js';
import { ValidationMessages } from './messages.js';
import { BROWSER_EMAIL, EMAIL_SHAPE, isMeetingDate } from './shapes.js';

// The shapes live in a module without zod, so a front end that checks an address as it is typed
// does not load the schema library with them.
export { EMAIL_SHAPE, isMeetingDate } from './shapes.js';

export const IdSchema = z.uuid();

/**
 * Text that a pattern is checked on. Zod runs a string's later checks even after one has failed,
 * so the length check aborts: nothing after it runs on over-long input, whatever the patterns.
 */
export function boundedText(maxLength: number, message?: string) {
  return z.string().max(maxLength, { abort: true, message });
}

/** An e-mail as typed by a person: trimmed and lower-cased before it is checked. */
export function typedEmail(message: string) {
  return boundedText(EMAIL_MAX_LENGTH * 4, message)
    .trim()
    .max(EMAIL_MAX_LENGTH, { abort: true, message })
    .toLowerCase()
    .regex(EMAIL_SHAPE, message)
    .regex(BROWSER_EMAIL, message);
}

export const EmailSchema = typedEmail(ValidationMessages.emailInvalid);

export const IsoDateTimeSchema = z.iso.datetime({ offset: true });

/** A meeting's date and time: an ISO instant with an offset, within the years meetings may have. */
export const MeetingDateTimeSchema = IsoDateTimeSchema.refine(
  (value) => isMeetingDate(new Date(value)),
  ValidationMessages.meetingDateOutOfRange,
);

/**
 * A calendar day, `YYYY-MM-DD`. zod's ISO date knows month lengths and leap years (2026-02-30 and
 * 2025-02-29 fail); year 0000 fits the pattern but no PostgreSQL date, so it is refused too.
 */
export const CalendarDateSchema = z
  .string()
  .max(10, { abort: true, message: ValidationMessages.dueDateInvalid })
  .pipe(z.iso.date(ValidationMessages.dueDateInvalid))
  .refine((day) => !day.startsWith('0000'), ValidationMessages.dueDateInvalid);

/** IANA names (Europe/London, UTC) that Intl knows; offsets such as +01:00 are not names. */
const TIME_ZONE_NAME = /^[A-Za-z][\w+-]*(?:\/[\w+-]+)*$/;

/** The name Intl resolves a time-zone name to, or undefined when Intl does not know it. */
export function resolveTimeZone(name: string): string | undefined {
  if (name.length > 64 || !TIME_ZONE_NAME.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Every user's time zone until they have one. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** A user's time zone as the browser names it, stored as Intl resolves it. */
export const TimeZoneSchema = z
  .string()
  .trim()
  .max(64, { abort: true, message: ValidationMessages.timeZoneInvalid })
  .transform((name, context) => {
    const resolved = resolveTimeZone(name);
    if (resolved === undefined) {
      context.addIssue({ code: 'custom', message: ValidationMessages.timeZoneInvalid });
      return z.NEVER;
    }
    return resolved;
  });

/** Query-string booleans arrive as text. */
export const QueryBooleanSchema = z.enum(['true', 'false']).transform((value) => value === 'true');

export const PageQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});

export const SearchTextSchema = z.string().trim().max(SEARCH_MAX_LENGTH);

export const SuccessSchema = z.object({ success: z.literal(true), message: z.string().optional() });
export type Success = z.infer<typeof SuccessSchema>;

export const UserRefSchema = z.object({ id: IdSchema, email: z.string() });
export type UserRef = z.infer<typeof UserRefSchema>;

export const PagingSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
