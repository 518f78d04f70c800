import { MeetingErrorCode, ServerMessages, ValidationMessages } from '@meetings/contracts';
import { DomainError } from '@meetings/service-kit';

/** The status and text of each meeting refusal. */
const refusals: Record<MeetingErrorCode, [status: number, text: string]> = {
  [MeetingErrorCode.AccessDenied]: [403, ServerMessages.accessDenied],
  [MeetingErrorCode.NotFound]: [404, ServerMessages.meetingNotFound],
  [MeetingErrorCode.NotEntitled]: [403, ServerMessages.notEntitledToEdit],
  [MeetingErrorCode.ReadOnly]: [403, ServerMessages.readOnly],
  [MeetingErrorCode.EmailEmpty]: [400, ServerMessages.emailEmpty],
  [MeetingErrorCode.EmailInvalid]: [400, ServerMessages.emailInvalid],
  [MeetingErrorCode.EmailAlreadyShared]: [400, ServerMessages.emailAlreadyShared],
  [MeetingErrorCode.EmailNotShared]: [404, ServerMessages.emailNotShared],
  [MeetingErrorCode.EmailIsOwner]: [400, ServerMessages.emailIsOwner],
  [MeetingErrorCode.AgendaItemNotFound]: [404, ServerMessages.agendaItemNotFound],
  [MeetingErrorCode.ActionItemNotFound]: [404, ServerMessages.actionItemNotFound],
  [MeetingErrorCode.ActionPermissionDenied]: [403, ServerMessages.deleteActionPermissionDenied],
  [MeetingErrorCode.OrderMismatch]: [400, ServerMessages.orderMismatch],
  [MeetingErrorCode.TooManyItems]: [400, ServerMessages.tooManyItems],
  [MeetingErrorCode.InvalidRecurrence]: [400, ValidationMessages.recurrenceInvalid],
  [MeetingErrorCode.NotRecurring]: [400, ServerMessages.notRecurring],
  [MeetingErrorCode.SeriesEnded]: [400, ServerMessages.seriesEnded],
  [MeetingErrorCode.CalendarFeedNotFound]: [404, ServerMessages.calendarFeedNotFound],
  [MeetingErrorCode.RecapTooSoon]: [429, ServerMessages.recapTooSoon],
};

/** A meeting refusal; `message` overrides the text where a route needs its own. */
export function meetingError(code: MeetingErrorCode, message?: string): DomainError {
  const [status, text] = refusals[code];
  return new DomainError(status, code, message ?? text);
}
