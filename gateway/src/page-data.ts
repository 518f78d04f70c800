import {
  ListActionsResponseSchema,
  MeetingResponseSchema,
  PAGE_SIZE,
  type ListActionsResponse,
  type Meeting,
} from '@meetings/contracts';
import { contextOf, traceHeaders } from '@meetings/service-kit';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionResolver } from './sessions.js';

/**
 * The data of a page the shell's server renders for a signed-in user (a meeting, the first page
 * of actions), read with the user's own session from the service that owns it, so the service's
 * own authorisation decides what the page may show. Anything but a quick, valid answer means no
 * data: the page is then served as before, and the app asks again and shows what the service
 * says.
 */
export class PageData {
  constructor(
    private readonly sessions: SessionResolver,
    private readonly urls: { meetings: string; actions: string },
    private readonly timeoutMs: number,
  ) {}

  /** The meeting `id` as the user's session reads it. */
  meeting(request: FastifyRequest, token: string, id: string): Promise<Meeting | null> {
    return this.read(
      request,
      token,
      `${this.urls.meetings}/api/meetings/${encodeURIComponent(id)}`,
      MeetingResponseSchema,
      (answer) => answer.meeting,
    );
  }

  /** The actions page's first call: page 1, no search, completed actions hidden. */
  firstActions(request: FastifyRequest, token: string): Promise<ListActionsResponse | null> {
    const query = new URLSearchParams({
      page: '1',
      pageSize: String(PAGE_SIZE),
      showCompleted: 'false',
    });
    return this.read(
      request,
      token,
      `${this.urls.actions}/api/actions/?${query.toString()}`,
      ListActionsResponseSchema,
      (answer) => answer,
    );
  }

  private async read<A, T>(
    request: FastifyRequest,
    token: string,
    url: string,
    schema: z.ZodType<A>,
    pick: (answer: A) => T,
  ): Promise<T | null> {
    // One deadline for the whole read: the session's resolution (usually cached) and the call.
    const deadline = AbortSignal.timeout(this.timeoutMs);
    try {
      const session = await untilAborted(this.sessions.resolve(token), deadline);
      if (!session) return null;
      const response = await fetch(url, {
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${session.internalToken}`,
          'x-request-id': String(request.id),
          'x-forwarded-for': request.ip,
          ...traceHeaders(contextOf(request)),
        },
        signal: deadline,
      });
      if (!response.ok) {
        await response.body?.cancel();
        return null;
      }
      const parsed = schema.safeParse(await response.json());
      return parsed.success ? pick(parsed.data) : null;
    } catch (error) {
      request.log.warn({ err: error, url }, 'data for the page not read; serving it without');
      return null;
    }
  }
}

/** `work`'s result, or the signal's reason once it aborts first (the work itself goes on). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
