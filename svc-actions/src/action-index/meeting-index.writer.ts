import type { MeetingSnapshot } from '@meetings/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, LessThan, Not, type EntityManager } from 'typeorm';
import {
  IndexedActionEntity as IndexedAction,
  IndexedMeetingEntity as IndexedMeeting,
  MeetingReaderEntity as MeetingReader,
} from './index.entities.js';

/** Tombstones keep only the id and version, so a deleted meeting's content does not linger. */
const NO_CONTENT = {
  title: null,
  date: null,
  ownerId: null,
  ownerEmail: null,
  sharedWith: [],
} satisfies Partial<IndexedMeeting>;
const now = () => 'now()';

/**
 * Writes svc-meetings' snapshots into the index under one rule: the higher meeting version wins.
 * An upsert applies only when its version is above the stored one (a tombstone's too); a delete
 * applies when its version is at least the stored one, so it also wins a tie with the upsert it
 * follows. Each write takes the meeting row's lock first, so concurrent writers of one meeting
 * serialise and the loser sees the winner's version.
 */
@Injectable()
export class MeetingIndexWriter {
  constructor(private readonly dataSource: DataSource) {}

  /** Returns true when the snapshot was newer than the index and is now applied. */
  async upsert(manager: EntityManager, meeting: MeetingSnapshot): Promise<boolean> {
    const sharedWith = emailKeys(meeting.sharedWith);
    const applied = await this.writeMeeting(
      manager,
      {
        id: meeting.id,
        version: meeting.version,
        title: meeting.title,
        date: new Date(meeting.date),
        ownerId: meeting.ownerId,
        ownerEmail: meeting.ownerEmail,
        sharedWith,
        deletedAt: null,
      },
      'indexed_meeting.version < EXCLUDED.version',
    );
    if (applied) await this.replaceContent(manager, meeting, sharedWith);
    return applied;
  }

  /** Returns true when the deletion was not older than the index and the meeting is now a tombstone. */
  async delete(manager: EntityManager, meetingId: string, version: number): Promise<boolean> {
    const applied = await this.writeMeeting(
      manager,
      { id: meetingId, version, ...NO_CONTENT, deletedAt: now },
      `indexed_meeting.version < EXCLUDED.version
       OR (indexed_meeting.version = EXCLUDED.version AND indexed_meeting.deleted_at IS NULL)`,
    );
    if (applied) await removeContent(manager, [meetingId]);
    return applied;
  }

  /** Applies snapshots in one transaction (a page of a rebuild). */
  async upsertAll(meetings: readonly MeetingSnapshot[]): Promise<number> {
    if (meetings.length === 0) return 0;
    return this.dataSource.transaction(async (manager) => {
      let applied = 0;
      for (const meeting of meetings) if (await this.upsert(manager, meeting)) applied++;
      return applied;
    });
  }

  /**
   * Turns live meetings indexed before `before` and missing from `seen` into tombstones at their
   * current version: svc-meetings no longer has them, and their deletion event was lost.
   */
  async retireMissing(seen: ReadonlySet<string>, before: Date): Promise<number> {
    const candidates = await this.dataSource.manager.find(IndexedMeeting, {
      select: { id: true },
      where: { deletedAt: IsNull(), indexedAt: LessThan(before) },
    });
    const missing = candidates.map((row) => row.id).filter((id) => !seen.has(id));
    if (missing.length === 0) return 0;
    return this.dataSource.transaction(async (manager) => {
      const retired = await manager
        .createQueryBuilder()
        .update(IndexedMeeting)
        .set({ ...NO_CONTENT, deletedAt: now, indexedAt: now })
        .where({ id: In(missing), deletedAt: IsNull(), indexedAt: LessThan(before) })
        .returning(['id'])
        .updateEntity(false)
        .execute();
      const ids = (retired.raw as { id: string }[]).map((row) => row.id);
      await removeContent(manager, ids);
      return ids.length;
    });
  }

  async isEmpty(): Promise<boolean> {
    return !(await this.dataSource.manager.exists(IndexedMeeting));
  }

  /** Inserts the meeting row, or overwrites it when `wins`; true when either happened. */
  private async writeMeeting(
    manager: EntityManager,
    row: Omit<IndexedMeeting, 'deletedAt' | 'indexedAt'> & {
      deletedAt: null | (() => string);
    },
    wins: string,
  ): Promise<boolean> {
    const written = await manager
      .createQueryBuilder()
      .insert()
      .into(IndexedMeeting)
      .values({ ...row, indexedAt: now })
      .orUpdate(overwrittenColumns(manager, IndexedMeeting), ['id'], {
        overwriteCondition: { where: wins },
      })
      .returning(['id'])
      .updateEntity(false)
      .execute();
    return (written.raw as unknown[]).length > 0;
  }

  /**
   * Makes the meeting's reader rows (owner's id, shared e-mails) and action rows match the snapshot:
   * each action row carries the meeting's title, date, owner and shared list too. Rows that did not
   * change are not rewritten (no index churn). It runs after the upsert that locked the meeting
   * row, so no other writer of this meeting runs meanwhile.
   */
  private async replaceContent(
    manager: EntityManager,
    meeting: MeetingSnapshot,
    sharedWith: string[],
  ): Promise<void> {
    const date = new Date(meeting.date);
    // The owner's id as uuid::text prints it; an e-mail never looks like a uuid.
    const readers = [meeting.ownerId.toLowerCase(), ...sharedWith];
    await manager.delete(MeetingReader, { meetingId: meeting.id, reader: Not(In(readers)) });
    await manager
      .createQueryBuilder()
      .insert()
      .into(MeetingReader)
      .values(
        readers.map((reader) => ({
          meetingId: meeting.id,
          reader,
          meetingDate: date,
          ownerId: meeting.ownerId,
        })),
      )
      .orUpdate(overwrittenColumns(manager, MeetingReader), ['meeting_id', 'reader'], {
        skipUpdateIfNoValuesChanged: true,
      })
      .updateEntity(false)
      .execute();

    // A repeated id would make the upsert touch one row twice, which PostgreSQL refuses.
    const actions = [...new Map(meeting.actions.map((action) => [action.id, action])).values()];
    await manager.delete(IndexedAction, {
      meetingId: meeting.id,
      id: Not(In(actions.map((action) => action.id))),
    });
    if (actions.length === 0) return;
    await manager
      .createQueryBuilder()
      .insert()
      .into(IndexedAction)
      .values(
        actions.map((action) => ({
          meetingId: meeting.id,
          id: action.id,
          text: action.text,
          completed: action.completed,
          order: action.order,
          hashtags: action.hashtags,
          hashtagKeys: hashtagKeys(action.hashtags),
          assignee: action.assignee,
          dueDate: action.dueDate,
          meetingTitle: meeting.title,
          meetingDate: date,
          ownerId: meeting.ownerId,
          ownerEmail: meeting.ownerEmail,
          sharedWith,
        })),
      )
      .orUpdate(overwrittenColumns(manager, IndexedAction), ['meeting_id', 'id'], {
        skipUpdateIfNoValuesChanged: true,
      })
      .updateEntity(false)
      .execute();
  }
}

/** What an upsert of the entity's row overwrites: every column but the key. */
export function overwrittenColumns(manager: EntityManager, entity: new () => object): string[] {
  return manager.connection
    .getMetadata(entity)
    .columns.filter((column) => !column.isPrimary)
    .map((column) => column.databaseName);
}

/** A tombstone keeps no content: its reader rows and actions go. */
async function removeContent(manager: EntityManager, meetingIds: string[]): Promise<void> {
  if (meetingIds.length === 0) return;
  await manager.delete(MeetingReader, { meetingId: In(meetingIds) });
  await manager.delete(IndexedAction, { meetingId: In(meetingIds) });
}

/** Shared e-mails compared case-insensitively, each once. */
export function emailKeys(emails: readonly string[]): string[] {
  return [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
}

/** Hashtags compared case-insensitively, each once. */
function hashtagKeys(hashtags: readonly string[]): string[] {
  return [...new Set(hashtags.map((tag) => tag.toLowerCase()))];
}
