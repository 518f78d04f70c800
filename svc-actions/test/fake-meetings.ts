import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  MeetingsExportQuerySchema,
  type MeetingDeleted,
  type MeetingSnapshot,
  type MeetingsExportPage,
} from '@meetings/contracts';
import { parseHashtags } from '@meetings/domain';
import type { TestUser } from '@meetings/service-kit/testing';

type SnapshotAction = MeetingSnapshot['actions'][number];

/**
 * svc-meetings as the index sees it: meetings whose every change bumps the version, and the
 * export on its internal HTTP route. The source of truth the index must converge to.
 */
export class FakeMeetings {
  readonly meetings = new Map<string, MeetingSnapshot>();
  /** Export requests seen, to check paging. */
  readonly exportRequests: { afterId?: string; limit: number }[] = [];
  private server: Server | undefined;
  private port = 0;

  /** Picks the address svc-meetings will answer on (nobody answers there until `answer()`). */
  async reserve(): Promise<string> {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    this.port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    return `http://127.0.0.1:${this.port}`;
  }

  /** Serves the export on the reserved address. */
  async answer(): Promise<void> {
    const server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const query = MeetingsExportQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      response.setHeader('content-type', 'application/json');
      if (url.pathname !== '/internal/meetings/export' || !query.success) {
        response.statusCode = 400;
        const text = 'bad export request';
        return response.end(
          JSON.stringify({
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            error: text,
            message: text,
          }),
        );
      }
      response.end(JSON.stringify(this.exportPage(query.data)));
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(null)));
  }

  create(
    owner: TestUser,
    fields: Partial<Omit<MeetingSnapshot, 'id' | 'version' | 'ownerId' | 'ownerEmail'>> = {},
  ): MeetingSnapshot {
    const meeting: MeetingSnapshot = {
      id: randomUUID(),
      version: 1,
      title: 'Weekly sync',
      date: '2025-09-01T09:00:00.000Z',
      ownerId: owner.id,
      ownerEmail: owner.email,
      sharedWith: [],
      seriesId: randomUUID(),
      actions: [],
      ...fields,
    };
    this.meetings.set(meeting.id, meeting);
    return clone(meeting);
  }

  /** Applies a change to a copy, bumps the version, stores and returns it. */
  change(id: string, mutate: (meeting: MeetingSnapshot) => void): MeetingSnapshot {
    const meeting = clone(this.get(id));
    mutate(meeting);
    meeting.version += 1;
    this.meetings.set(id, meeting);
    return clone(meeting);
  }

  remove(id: string): MeetingDeleted {
    const meeting = this.get(id);
    this.meetings.delete(id);
    return { meetingId: id, version: meeting.version + 1 };
  }

  get(id: string): MeetingSnapshot {
    const meeting = this.meetings.get(id);
    if (!meeting) throw new Error(`no meeting ${id}`);
    return meeting;
  }

  private exportPage(request: { afterId?: string; limit: number }): MeetingsExportPage {
    this.exportRequests.push(request);
    const ids = [...this.meetings.keys()]
      .sort()
      .filter((id) => !request.afterId || id > request.afterId);
    const page = ids.slice(0, request.limit);
    const more = ids.length > request.limit;
    return {
      meetings: page.map((id) => this.get(id)),
      ...(more ? { nextAfterId: page.at(-1) } : {}),
    };
  }
}

/** An action as svc-meetings makes it: hashtags parsed from the text. */
export function action(
  text: string,
  order: number,
  completed = false,
  owed: { assignee?: string | null; dueDate?: string | null } = {},
): SnapshotAction {
  return {
    id: randomUUID(),
    text,
    completed,
    order,
    hashtags: parseHashtags(text),
    assignee: owed.assignee ?? null,
    dueDate: owed.dueDate ?? null,
  };
}

function clone<T>(value: T): T {
  return structuredClone(value);
}
