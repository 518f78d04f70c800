import { createPrivateKey } from 'node:crypto';
import { optionalUrl, publicBaseUrl, secret, ServiceEnvSchema } from '@meetings/service-kit';
import { z } from 'zod';

const P256_KEY =
  'a PKCS#8 PEM private key on P-256 (openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256)';

function isP256PrivateKey(pem: string): boolean {
  try {
    const key = createPrivateKey(pem);
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  } catch {
    return false;
  }
}

export const AuthEnvSchema = ServiceEnvSchema.extend({
  /** SMTP server for login codes, e.g. smtp://user:pass@mail:587. */
  SMTP_URL: secret(optionalUrl),
  MAIL_FROM_ADDRESS: z.string().default('no-reply@meetingkeeper.local'),
  PRODUCT_NAME: z.string().default('MeetingKeeper'),
  /** Further attempts for a mail the server could not take (unreachable, or a 4xx reply). */
  MAIL_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  /** The product's address as people open it: links in e-mails (meetings, unsubscribe) start with it. */
  PUBLIC_BASE_URL: publicBaseUrl,
  /** svc-actions' management port, which the daily digest asks for people's due actions. */
  ACTIONS_INTERNAL_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:4104'),
  /** How often each replica looks for digests to send; 0 turns the digest off on this replica. */
  DIGEST_TICK_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  /** Key for the HMAC of stored codes (or OTP_HMAC_SECRET_FILE). Required in production. */
  OTP_HMAC_SECRET: secret(z.string().min(32).optional()),
  /** PEM (PKCS#8, P-256) signing the internal tokens (or INTERNAL_JWT_PRIVATE_KEY_FILE). Required in production. */
  INTERNAL_JWT_PRIVATE_KEY: secret(
    z.string().refine(isP256PrivateKey, `must be ${P256_KEY}`).optional(),
  ),
  INTERNAL_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(300).default(60),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(30).default(30),
  /** Secure cookies with the __Host- prefix: `auto` follows the request's protocol. */
  COOKIE_SECURE: z.enum(['auto', 'true']).default('auto'),
  OTP_EMAIL_PER_MINUTE: z.coerce.number().int().min(1).default(1),
  OTP_EMAIL_PER_HOUR: z.coerce.number().int().min(1).default(5),
  OTP_IP_PER_HOUR: z.coerce.number().int().min(1).default(30),
  VERIFY_IP_PER_15_MINUTES: z.coerce.number().int().min(1).default(50),
  /** Wrong codes in a row after which an address may no longer sign in with a code (NIST 800-63B: at most 100). */
  OTP_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(100),
  /** The longest wait between wrong codes once an address is past a code's own tries. */
  OTP_BACKOFF_MAX_SECONDS: z.coerce.number().int().min(0).max(3_600).default(900),
  /** Write login codes to the log: the default outside production without SMTP_URL. */
  LOG_LOGIN_CODES: z.stringbool().optional(),
}).superRefine((env, context) => {
  const missing = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (!env.SMTP_URL && !logsLoginCodes(env))
    missing(
      'SMTP_URL',
      'required: login codes are sent by e-mail (LOG_LOGIN_CODES=true writes them to the log instead, for a development stack)',
    );
  if (env.NODE_ENV !== 'production') return;
  if (!env.OTP_HMAC_SECRET)
    missing(
      'OTP_HMAC_SECRET',
      'required when NODE_ENV=production (or OTP_HMAC_SECRET_FILE): at least 32 random characters, e.g. openssl rand -base64 48',
    );
  if (!env.INTERNAL_JWT_PRIVATE_KEY)
    missing(
      'INTERNAL_JWT_PRIVATE_KEY',
      `required when NODE_ENV=production (or INTERNAL_JWT_PRIVATE_KEY_FILE): ${P256_KEY}`,
    );
});
export type AuthEnv = z.infer<typeof AuthEnvSchema>;

/** Whether codes go to the log: asked for, or by default outside production when no mail server is set. */
export function logsLoginCodes(
  env: Pick<AuthEnv, 'LOG_LOGIN_CODES' | 'NODE_ENV' | 'SMTP_URL'>,
): boolean {
  return env.LOG_LOGIN_CODES ?? (env.NODE_ENV !== 'production' && !env.SMTP_URL);
}
