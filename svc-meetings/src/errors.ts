import { MeetingErrorCode, ServerMessages, ValidationMessages } from '@meetings/contracts';
import { DomainError } from '@meetings/service-kit';

/** The status and text of each meeting refusal; `message` overrides the text where a route needs its own. */
export function meetingError(code: MeetingErrorCode, message?: string): DomainError {
  const [status, text] = describe(code);
  return new DomainError(status, code, message ?? text);
}

function describe(code: MeetingErrorCode): [number, string] {
  switch (code) {
    case MeetingErrorCode.AccessDenied:
      return [403, ServerMessages.accessDenied];
    case MeetingErrorCode.NotFound:
      return [404, ServerMessages.meetingNotFound];
    case MeetingErrorCode.NotEntitled:
      return [403, ServerMessages.notEntitledToEdit];
    case MeetingErrorCode.ReadOnly:
      return [403, ServerMessages.readOnly];
    case MeetingErrorCode.EmailEmpty:
      return [400, ServerMessages.emailEmpty];
    case MeetingErrorCode.EmailInvalid:
      return [400, ServerMessages.emailInvalid];
    case MeetingErrorCode.EmailAlreadyShared:
      return [400, ServerMessages.emailAlreadyShared];
    case MeetingErrorCode.EmailNotShared:
      return [404, ServerMessages.emailNotShared];
    case MeetingErrorCode.EmailIsOwner:
      return [400, ServerMessages.emailIsOwner];
    case MeetingErrorCode.AgendaItemNotFound:
      return [404, ServerMessages.agendaItemNotFound];
    case MeetingErrorCode.ActionItemNotFound:
      return [404, ServerMessages.actionItemNotFound];
    case MeetingErrorCode.ActionPermissionDenied:
      return [403, ServerMessages.deleteActionPermissionDenied];
    case MeetingErrorCode.OrderMismatch:
      return [400, ServerMessages.orderMismatch];
    case MeetingErrorCode.TooManyItems:
      return [400, ServerMessages.tooManyItems];
    case MeetingErrorCode.InvalidRecurrence:
      return [400, ValidationMessages.recurrenceInvalid];
    case MeetingErrorCode.NotRecurring:
      return [400, ServerMessages.notRecurring];
    case MeetingErrorCode.SeriesEnded:
      return [400, ServerMessages.seriesEnded];
    case MeetingErrorCode.CalendarFeedNotFound:
      return [404, ServerMessages.calendarFeedNotFound];
    case MeetingErrorCode.RecapTooSoon:
      return [429, ServerMessages.recapTooSoon];
    default: {
      const unknown: never = code;
      throw new Error(`Unhandled meeting error ${String(unknown)}`);
    }
  }
}
