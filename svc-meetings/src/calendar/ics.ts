import ical from 'ical-generator';
import { ruleForUtc } from '../series/recurrence.js';
import type { MeetingHead } from '../store/entities.js';

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

export interface CalendarEntry {
  meeting: MeetingHead;
  /** Whether the entry carries the series' RRULE (a feed gives it to a series' last meeting only). */
  repeats: boolean;
}

/** The UID calendars know a meeting by: the same in its own file and in every feed. */
function meetingUid(meetingId: string): string {
  return `${meetingId}@meetingkeeper`;
}

/** An iCalendar file with one VEVENT per entry; times in UTC. */
export function calendarFile(name: string, baseUrl: string, entries: CalendarEntry[]): string {
  const calendar = ical({
    name,
    prodId: { company: 'MeetingKeeper', product: 'meetings', language: 'EN' },
  });
  for (const { meeting, repeats } of entries) {
    calendar.createEvent({
      id: meetingUid(meeting.id),
      sequence: meeting.version,
      stamp: meeting.updatedAt,
      start: meeting.date,
      end: new Date(meeting.date.getTime() + meeting.durationMinutes * 60_000),
      summary: meeting.title,
      url: `${baseUrl}/app/meetings/${meeting.id}`,
      organizer: { name: meeting.ownerEmail, email: meeting.ownerEmail },
      attendees: meeting.sharedWith.map((email) => ({ email })),
      repeating:
        repeats && meeting.recurrence
          ? ruleForUtc(meeting.recurrence, meeting.date, meeting.timeZone)
          : null,
    });
  }
  return calendar.toString();
}
