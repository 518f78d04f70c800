import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '@meetings/contracts';

/** The first non-empty value of any of the named cookies in a Cookie header. */
export function cookieValue(
  header: string | undefined,
  names: readonly string[],
): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name && names.includes(name) && rest.length > 0) {
      const value = rest.join('=');
      if (value) return value;
    }
  }
  return undefined;
}

/**
 * The session token from its cookie, not checked. Over HTTPS only `__Host-session` counts: a
 * sibling subdomain can plant a plain `session` cookie, but never a `__Host-` one.
 */
export function sessionCookie(header: string | undefined, secure: boolean): string | undefined {
  return cookieValue(
    header,
    secure ? [SECURE_SESSION_COOKIE] : [SECURE_SESSION_COOKIE, SESSION_COOKIE],
  );
}
