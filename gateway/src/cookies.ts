import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '@meetings/contracts';

const SESSION_COOKIES = [SECURE_SESSION_COOKIE, SESSION_COOKIE];

/** The session token from the cookie (the first non-empty one of either name), not checked. */
export function sessionCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name && SESSION_COOKIES.includes(name) && rest.length > 0) {
      const value = rest.join('=');
      if (value) return value;
    }
  }
  return undefined;
}
