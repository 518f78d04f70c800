import { randomUUID } from 'node:crypto';
import {
  MeetingsExportRequestSchema,
  RpcSubjects,
  type MeetingDeleted,
  type MeetingSnapshot,
  type RpcReply,
} from '@meetings/contracts';
import { parseHashtags } from '@meetings/domain';
import type { MessageBus } from '@meetings/service-kit';
import type { TestUser } from '@meetings/service-kit/testing';

type SnapshotAction = MeetingSnapshot['actions'][number];

/**
 * svc-meetings as the index sees it: meetings whose every change bumps the version, and the
 * export. The source of truth the index must converge to.
 */
export class FakeMeetings {
  readonly meetings = new Map<string, MeetingSnapshot>();
  /** Export requests seen, to check paging. */
  readonly exportRequests: { afterId?: string; limit: number }[] = [];

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

  /** Registers the export responder on a bus. */
  async answerOn(bus: MessageBus): Promise<void> {
    await bus.respond(RpcSubjects.MeetingsExport, async (body) => this.exportPage(body), {
      queue: 'fake-meetings',
    });
  }

  private exportPage(body: unknown): RpcReply {
    const request = MeetingsExportRequestSchema.parse(body);
    this.exportRequests.push(request);
    const ids = [...this.meetings.keys()]
      .sort()
      .filter((id) => !request.afterId || id > request.afterId);
    const page = ids.slice(0, request.limit);
    const more = ids.length > request.limit;
    return {
      ok: true,
      data: {
        meetings: page.map((id) => this.get(id)),
        ...(more ? { nextAfterId: page.at(-1) } : {}),
      },
    };
  }
}

/** An action as svc-meetings makes it: hashtags parsed from the text. */
export function action(text: string, order: number, completed = false): SnapshotAction {
  return { id: randomUUID(), text, completed, order, hashtags: parseHashtags(text) };
}

function clone<T>(value: T): T {
  return structuredClone(value);
}
