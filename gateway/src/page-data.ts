import { MeetingResponseSchema, type Meeting } from '@meetings/contracts';
import { contextOf, traceHeaders } from '@meetings/service-kit';
import type { FastifyRequest } from 'fastify';
import type { SessionResolver } from './sessions.js';

/**
 * The data of a page the shell's server renders for a signed-in user (the meeting page), read
 * with the user's own session from the service that owns it, so the service's own authorisation
 * decides what the page may show. Anything but a quick, valid answer means no data: the page is
 * then served as before, and the app asks again and shows what the service says.
 */
export class PageData {
  constructor(
    private readonly sessions: SessionResolver,
    private readonly meetingsUrl: string,
    private readonly timeoutMs: number,
  ) {}

  async meeting(request: FastifyRequest, token: string, id: string): Promise<Meeting | null> {
    try {
      const session = await this.sessions.resolve(token);
      if (!session) return null;
      const response = await fetch(`${this.meetingsUrl}/api/meetings/${encodeURIComponent(id)}`, {
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${session.internalToken}`,
          'x-request-id': String(request.id),
          'x-forwarded-for': request.ip,
          ...traceHeaders(contextOf(request)),
        },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        return null;
      }
      const parsed = MeetingResponseSchema.safeParse(await response.json());
      return parsed.success ? parsed.data.meeting : null;
    } catch (error) {
      request.log.warn({ err: error }, 'meeting for the page not read; serving it without');
      return null;
    }
  }
}
