import type { IncomingHttpHeaders } from 'node:http';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '@meetings/contracts';

/**
 * The session token, not checked: from its cookie (the first non-empty one) or, for API clients,
 * the bearer header. Over HTTPS only `__Host-session` counts: a sibling subdomain can plant a
 * plain `session` cookie, but never a `__Host-` one.
 */
export function sessionToken(headers: IncomingHttpHeaders, secure: boolean): string | undefined {
  const names = secure ? [SECURE_SESSION_COOKIE] : [SECURE_SESSION_COOKIE, SESSION_COOKIE];
  for (const part of headers.cookie?.split(';') ?? []) {
    const [name, ...rest] = part.trim().split('=');
    const value = rest.join('=');
    if (name && names.includes(name) && value) return value;
  }
  const authorization = headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim() || undefined;
  return undefined;
}

/** The client's headers named in `names`, and no other. */
export function pickHeaders(headers: IncomingHttpHeaders, names: string[]): IncomingHttpHeaders {
  return Object.fromEntries(
    names.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]]),
  );
}

/** A header's first value. */
export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
