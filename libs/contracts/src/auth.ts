import { z } from 'zod';
import { EmailSchema, TimeZoneSchema, UserRefSchema } from './common.js';
import { OTP_LENGTH } from './constants.js';
import { ValidationMessages } from './messages.js';

export const RequestOtpBodySchema = z.strictObject({ email: EmailSchema });
export type RequestOtpBody = z.infer<typeof RequestOtpBodySchema>;

export const ValidateOtpBodySchema = z.strictObject({
  email: EmailSchema,
  code: z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), ValidationMessages.otpIncomplete),
  /**
   * The browser's time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`), saved with the
   * sign-in. A name the server does not know is ignored rather than refusing the sign-in.
   */
  timeZone: z.string().max(200).optional(),
});
export type ValidateOtpBody = z.infer<typeof ValidateOtpBodySchema>;

export const RequestOtpResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type RequestOtpResponse = z.infer<typeof RequestOtpResponseSchema>;

export const ValidateOtpResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  user: UserRefSchema.optional(),
  /** The session token, for clients that send it as a bearer token instead of the cookie. */
  token: z.string().optional(),
});
export type ValidateOtpResponse = z.infer<typeof ValidateOtpResponseSchema>;

export const AuthStatusSchema = z.object({
  authenticated: z.boolean(),
  user: UserRefSchema.optional(),
  /** The user's IANA time zone (UTC until set): the day "today" and "overdue" are judged in. */
  timeZone: z.string().optional(),
});
export type AuthStatus = z.infer<typeof AuthStatusSchema>;

export const PrivacyStatusSchema = z.object({ hasAcceptedPrivacy: z.boolean() });
export type PrivacyStatus = z.infer<typeof PrivacyStatusSchema>;

/** Claims of the short-lived token the gateway hands to services for one request. */
export const InternalTokenClaimsSchema = z.object({
  sub: z.uuid(),
  email: z.string(),
  /** svc-auth's session id: a token naming anything else is refused, never looked up. */
  sid: z.uuid(),
  /** The user's IANA time zone; tokens without it are UTC (docs/adr/0007-user-time-zone.md). */
  tz: z.string().max(64).optional(),
});
export type InternalTokenClaims = z.infer<typeof InternalTokenClaimsSchema>;

/** What svc-auth answers the gateway when it resolves a session token. */
export const SessionResolutionSchema = z.object({
  user: UserRefSchema,
  sessionId: z.string(),
  internalToken: z.string(),
  /** Epoch milliseconds after which the internal token is no longer accepted. */
  internalTokenExpiresAt: z.number(),
});
export type SessionResolution = z.infer<typeof SessionResolutionSchema>;

/** The user's setting: `PUT /api/auth/time-zone`. */
export const TimeZoneBodySchema = z.strictObject({ timeZone: TimeZoneSchema });
export type TimeZoneBody = z.infer<typeof TimeZoneBodySchema>;
export const TimeZoneResponseSchema = z.object({ success: z.literal(true), timeZone: z.string() });
export type TimeZoneResponse = z.infer<typeof TimeZoneResponseSchema>;

export const ResolveSessionBodySchema = z.strictObject({ token: z.string().min(1).max(200) });

export const INTERNAL_TOKEN_ISSUER = 'svc-auth';
export const INTERNAL_TOKEN_AUDIENCE = 'meetings-platform';
export const INTERNAL_TOKEN_ALGORITHM = 'ES256';
export const SESSION_COOKIE = 'session';
export const SECURE_SESSION_COOKIE = '__Host-session';

/** `GET/PUT /api/auth/mail-settings`: whether the daily digest of due actions is sent. */
export const MailSettingsSchema = z.strictObject({ dailyDigest: z.boolean() });
export type MailSettings = z.infer<typeof MailSettingsSchema>;

/** The digest's unsubscribe link: `/api/auth/unsubscribe?token=…` (checked by svc-auth). */
export const UnsubscribeQuerySchema = z.object({ token: z.string().max(600).optional() });
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuerySchema>;
