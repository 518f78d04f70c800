import { secret, ServiceEnvSchema } from '@meetings/service-kit';
import { z } from 'zod';

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const AuthEnvSchema = ServiceEnvSchema.extend({
  /** SMTP server for login codes, e.g. smtp://user:pass@mail:587. Unset: codes are written to the log. */
  SMTP_URL: secret(z.string().url().optional()),
  MAIL_FROM_ADDRESS: z.string().default('no-reply@meetingkeeper.local'),
  PRODUCT_NAME: z.string().default('MeetingKeeper'),
  /** Key for the HMAC of stored codes; generated and kept in the database when unset. */
  OTP_HMAC_SECRET: secret(z.string().min(32).optional()),
  /** PEM (PKCS#8, P-256) signing the internal tokens; generated and kept in the database when unset. */
  INTERNAL_JWT_PRIVATE_KEY: secret(z.string().optional()),
  INTERNAL_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(300).default(60),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(30).default(30),
  /** Secure cookies with the __Host- prefix: `auto` follows the request's protocol. */
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  OTP_EMAIL_PER_MINUTE: z.coerce.number().int().min(1).default(1),
  OTP_EMAIL_PER_HOUR: z.coerce.number().int().min(1).default(5),
  OTP_IP_PER_HOUR: z.coerce.number().int().min(1).default(30),
  VERIFY_IP_PER_15_MINUTES: z.coerce.number().int().min(1).default(50),
  /** Log the code even when SMTP is configured (never in production). */
  LOG_OTP: bool.default(false),
});
export type AuthEnv = z.infer<typeof AuthEnvSchema>;
