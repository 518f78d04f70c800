import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '@meetings/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The session cookie: HttpOnly, SameSite=Lax, whole site. Over HTTPS it is Secure and carries the
 * __Host- prefix, which browsers only accept from a secure origin without a Domain attribute, so a
 * sibling subdomain cannot plant one; the gateway reads only that name over HTTPS.
 */
export function isSecureRequest(request: FastifyRequest, setting: 'auto' | 'true'): boolean {
  return setting === 'true' || request.protocol === 'https';
}

export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
  secure: boolean,
): void {
  const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  void reply.header('set-cookie', cookie(name, token, maxAgeSeconds, secure));
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  const cleared = [cookie(SESSION_COOKIE, '', 0, false)];
  if (secure) cleared.push(cookie(SECURE_SESSION_COOKIE, '', 0, true));
  void reply.header('set-cookie', cleared);
}

function cookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${name}=${value}`,
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
