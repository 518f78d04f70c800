import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '@meetings/contracts';

/**
 * The session token from its cookie (the first non-empty one), not checked. Over HTTPS only
 * `__Host-session` counts: a sibling subdomain can plant a plain `session` cookie, but never a
 * `__Host-` one.
 */
export function sessionCookie(header: string | undefined, secure: boolean): string | undefined {
  const names = secure ? [SECURE_SESSION_COOKIE] : [SECURE_SESSION_COOKIE, SESSION_COOKIE];
  for (const part of header?.split(';') ?? []) {
    const [name, ...rest] = part.trim().split('=');
    const value = rest.join('=');
    if (name && names.includes(name) && value) return value;
  }
  return undefined;
}
