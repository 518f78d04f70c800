/** Error codes shared by every service (transport, validation, identity). */
export enum CommonErrorCode {
  ValidationFailed = 'VALIDATION_FAILED',
  Unauthenticated = 'UNAUTHENTICATED',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  PayloadTooLarge = 'PAYLOAD_TOO_LARGE',
  RateLimited = 'RATE_LIMITED',
  CrossSiteRequest = 'CROSS_SITE_REQUEST',
  UpstreamUnavailable = 'UPSTREAM_UNAVAILABLE',
  UpstreamTimeout = 'UPSTREAM_TIMEOUT',
  BadGateway = 'BAD_GATEWAY',
  Internal = 'INTERNAL',
}

export enum AuthErrorCode {
  InvalidCode = 'AUTH_INVALID_CODE',
  TooManyAttempts = 'AUTH_TOO_MANY_ATTEMPTS',
  TooManyRequests = 'AUTH_TOO_MANY_REQUESTS',
  WrongCodeWait = 'AUTH_WRONG_CODE_WAIT',
  SignInLocked = 'AUTH_SIGN_IN_LOCKED',
  SessionInvalid = 'AUTH_SESSION_INVALID',
}

export enum MeetingErrorCode {
  AccessDenied = 'MEETING_ACCESS_DENIED',
  NotFound = 'MEETING_NOT_FOUND',
  NotEntitled = 'MEETING_NOT_ENTITLED',
  ReadOnly = 'MEETING_READ_ONLY',
  EmailEmpty = 'MEETING_EMAIL_EMPTY',
  EmailInvalid = 'MEETING_EMAIL_INVALID',
  EmailAlreadyShared = 'MEETING_EMAIL_ALREADY_SHARED',
  EmailNotShared = 'MEETING_EMAIL_NOT_SHARED',
  EmailIsOwner = 'MEETING_EMAIL_IS_OWNER',
  AgendaItemNotFound = 'MEETING_AGENDA_ITEM_NOT_FOUND',
  ActionItemNotFound = 'MEETING_ACTION_ITEM_NOT_FOUND',
  ActionPermissionDenied = 'MEETING_ACTION_PERMISSION_DENIED',
  OrderMismatch = 'MEETING_ORDER_MISMATCH',
  TooManyItems = 'MEETING_TOO_MANY_ITEMS',
  InvalidRecurrence = 'MEETING_INVALID_RECURRENCE',
  NotRecurring = 'MEETING_NOT_RECURRING',
  SeriesEnded = 'MEETING_SERIES_ENDED',
  CalendarFeedNotFound = 'MEETING_CALENDAR_FEED_NOT_FOUND',
  RecapTooSoon = 'MEETING_RECAP_TOO_SOON',
}
