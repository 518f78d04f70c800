import { describe, expect, it } from 'vitest';
import { CalendarDateSchema, resolveTimeZone, TimeZoneSchema } from './common.js';
import {
  AssigneeSchema,
  UpdateActionItemBodySchema,
  UpdateMeetingInfoBodySchema,
} from './meetings.js';
import { ValidationMessages } from './messages.js';

describe('a due date', () => {
  it.each(['2026-01-01', '2026-02-28', '2024-02-29', '2000-02-29', '2026-12-31', '0001-01-01'])(
    'accepts the real day %s',
    (day) => {
      expect(CalendarDateSchema.parse(day)).toBe(day);
    },
  );

  it.each([
    '2026-02-30',
    '2026-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-1-01',
    '26-01-01',
    '2026-01-01T00:00:00Z',
    '2026/01/01',
    ' 2026-01-01',
    '0000-01-01',
    '',
    '2'.repeat(10_000),
  ])('refuses %j with the due-date message', (day) => {
    const result = CalendarDateSchema.safeParse(day);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(ValidationMessages.dueDateInvalid);
  });
});

describe('an assignee', () => {
  it('is trimmed and lower-cased; null clears', () => {
    expect(AssigneeSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(AssigneeSchema.parse(null)).toBeNull();
  });

  it.each(['', 'ada', 'ada@example', 'a b@example.com', 'a@b..co'])('refuses %j', (value) => {
    const result = AssigneeSchema.safeParse(value);
    expect(result.error?.issues[0]?.message).toBe(ValidationMessages.assigneeInvalid);
  });

  it('may be the only field of an update', () => {
    expect(UpdateActionItemBodySchema.parse({ assignee: null })).toEqual({ assignee: null });
    expect(UpdateActionItemBodySchema.parse({ dueDate: '2026-03-01' })).toEqual({
      dueDate: '2026-03-01',
    });
    expect(UpdateActionItemBodySchema.safeParse({}).success).toBe(false);
  });
});

describe('a time zone', () => {
  it.each([
    ['UTC', 'UTC'],
    ['Europe/London', 'Europe/London'],
    ['Pacific/Auckland', 'Pacific/Auckland'],
    ['America/Los_Angeles', 'America/Los_Angeles'],
    ['america/los_angeles', 'America/Los_Angeles'],
  ])('accepts %s as %s', (name, resolved) => {
    expect(TimeZoneSchema.parse(name)).toBe(resolved);
    expect(resolveTimeZone(name)).toBe(resolved);
  });

  it('accepts a three-part name, stored as Intl names it', () => {
    expect(TimeZoneSchema.parse('America/Argentina/Buenos_Aires')).toMatch(/Buenos_Aires$/);
  });

  it.each(['', 'Mars/Olympus_Mons', '+01:00', '-0500', 'Europe/', '../etc/passwd', 'x'.repeat(65)])(
    'refuses %j',
    (name) => {
      const result = TimeZoneSchema.safeParse(name);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(ValidationMessages.timeZoneInvalid);
    },
  );
});

describe('a meeting date', () => {
  it.each(['1970-01-01T00:00:00Z', '2026-11-30T09:00:00.000Z', '2100-12-31T23:59:59+00:00'])(
    'accepts %s',
    (date) => {
      expect(UpdateMeetingInfoBodySchema.parse({ date })).toEqual({ date });
    },
  );

  it.each([
    '0026-11-30T09:00:00Z',
    '1969-12-31T23:59:59Z',
    '2101-01-01T00:00:00Z',
    '9999-01-01T00:00:00Z',
  ])('refuses %s with the range message', (date) => {
    const result = UpdateMeetingInfoBodySchema.safeParse({ date });
    expect(result.error?.issues[0]?.message).toBe(ValidationMessages.meetingDateOutOfRange);
  });
});
