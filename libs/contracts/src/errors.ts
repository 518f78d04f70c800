import { z } from 'zod';

/**
 * Every error a service returns has this body. `error` is the human-readable text that the
 * front ends show (their toasts read the server's `error` field); `code` is the
 * stable machine code; `message` repeats the text for clients that read `message`.
 */
export const ApiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  error: z.string(),
  message: z.string(),
  /** The input field a validation error is about. */
  field: z.string().optional(),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

// The codes live in a module without zod, so a front end that only compares codes does not
// load the schema library with them.
export * from './error-codes.js';

/** The texts the services answer with. Where the product has a text, it is used. */
export const ServerMessages = {
  validationFailed: 'The request is not valid.',
  unauthenticated: 'User is not authenticated',
  forbidden: 'Access denied',
  notFound: 'Not found',
  payloadTooLarge: 'The request is too large.',
  notJson: 'The request body is not valid JSON.',
  jsonBodyRequired: 'Send the request body as application/json.',
  rateLimited: 'Too many requests. Please try again later.',
  crossSite: 'Cross-site requests are not allowed.',
  upstreamUnavailable: 'The service is temporarily unavailable. Please try again.',
  upstreamTimeout: 'The service took too long to answer. Please try again.',
  badGateway: 'The service answered with an error. Please try again.',
  internal: 'Something went wrong. Please try again.',
  otpSent: 'If this address can sign in, a login code has been sent to it.',
  otpStillValid:
    'A code was sent to this address less than 10 minutes ago and still works: enter the latest one you received.',
  invalidCode: 'Invalid or expired verification code',
  tooManyAttempts: 'Too many wrong codes. Please request a new code.',
  tooManyOtpRequests: 'Please wait before requesting another code.',
  wrongCodeWait: 'Too many wrong codes. Please wait a few minutes before trying again.',
  signInLocked:
    'Too many wrong codes for this address: signing in with a code is locked. Please contact support to unlock it.',
  loginSuccessful: 'Login successful',
  invalidSubscriptionStatus: 'Status must be free or paid.',
  accessDenied: 'Access denied',
  meetingNotFound: 'Meeting not found',
  notEntitledToCreate:
    'Your free trial has expired. On the free tier, you can view and edit existing meetings, but cannot create new ones.',
  readOnly: 'You can only view this meeting.',
  notEntitledToEdit:
    'On the free tier your meetings are read-only. Upgrade to Premium to change them.',
  emailEmpty: 'Email cannot be empty.',
  emailInvalid: 'Please enter a valid email address.',
  emailAlreadyShared: 'Email already shared.',
  emailNotShared: 'This email is not on the shared list.',
  emailIsOwner: 'You own this meeting; share it with someone else.',
  agendaItemNotFound: 'Agenda item not found',
  actionItemNotFound: 'Action item not found',
  deleteActionPermissionDenied: 'You do not have permission to delete this action item.',
  orderMismatch: 'The list does not match the meeting’s items.',
  tooManyItems: 'This meeting has too many items.',
  notRecurring:
    'This meeting does not repeat: choose how it repeats before opening the next meeting.',
  seriesEnded: 'This series has no later date: its repeat rule has ended.',
  calendarFeedNotFound: 'Calendar feed not found',
  recapTooSoon:
    'A recap of this meeting was sent less than 10 minutes ago. Please wait before sending another.',
} as const;
