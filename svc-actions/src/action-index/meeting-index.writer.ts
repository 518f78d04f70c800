import type { MeetingSnapshot } from '@meetings/contracts';
import { queryRows } from '@meetings/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, LessThan, type EntityManager } from 'typeorm';
import { IndexedMeetingEntity as IndexedMeeting } from './index.entities.js';

/** Tombstones keep only the id and version, so a deleted meeting's content does not linger. */
const CLEAR_CONTENT = `title = NULL, date = NULL, owner_id = NULL, owner_email = NULL, shared_with = '{}'`;

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
    const won = await queryRows(
      manager,
      `INSERT INTO indexed_meeting (id, version, title, date, owner_id, owner_email, shared_with, deleted_at, indexed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, now())
       ON CONFLICT (id) DO UPDATE SET
         version = EXCLUDED.version, title = EXCLUDED.title, date = EXCLUDED.date, owner_id = EXCLUDED.owner_id,
         owner_email = EXCLUDED.owner_email, shared_with = EXCLUDED.shared_with, deleted_at = NULL, indexed_at = now()
       WHERE indexed_meeting.version < EXCLUDED.version
       RETURNING id`,
      [
        meeting.id,
        meeting.version,
        meeting.title,
        new Date(meeting.date),
        meeting.ownerId,
        meeting.ownerEmail,
        sharedWith,
      ],
    );
    if (won.length === 0) return false;
    await this.replaceContent(manager, meeting, sharedWith);
    return true;
  }

  /** Returns true when the deletion was not older than the index and the meeting is now a tombstone. */
  async delete(manager: EntityManager, meetingId: string, version: number): Promise<boolean> {
    const won = await queryRows(
      manager,
      `INSERT INTO indexed_meeting (id, version, deleted_at, indexed_at) VALUES ($1, $2, now(), now())
       ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, deleted_at = now(), indexed_at = now(), ${CLEAR_CONTENT}
       WHERE indexed_meeting.version < EXCLUDED.version
          OR (indexed_meeting.version = EXCLUDED.version AND indexed_meeting.deleted_at IS NULL)
       RETURNING id`,
      [meetingId, version],
    );
    if (won.length === 0) return false;
    await removeContent(manager, [meetingId]);
    return true;
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
      const retired = await queryRows<{ id: string }>(
        manager,
        `UPDATE indexed_meeting SET deleted_at = now(), indexed_at = now(), ${CLEAR_CONTENT}
         WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL AND indexed_at < $2
         RETURNING id`,
        [missing, before],
      );
      await removeContent(
        manager,
        retired.map((r) => r.id),
      );
      return retired.length;
    });
  }

  async isEmpty(): Promise<boolean> {
    return !(await this.dataSource.manager.exists(IndexedMeeting));
  }

  /**
   * Makes the meeting's reader rows (owner's id, shared e-mails) and action rows match the snapshot,
   * in one statement: each action row carries the meeting's title, date, owner and shared list too.
   * Rows that did not change are not rewritten (no index churn). It runs after the upsert that
   * locked the meeting row, so its snapshot already holds every earlier writer's rows; the parts
   * touch disjoint rows (what the snapshot drops, what it keeps), as one statement must.
   */
  private async replaceContent(
    manager: EntityManager,
    meeting: MeetingSnapshot,
    sharedWith: string[],
  ): Promise<void> {
    // A repeated id would make the upsert touch one row twice, which PostgreSQL refuses.
    const distinct = [...new Map(meeting.actions.map((action) => [action.id, action])).values()];
    const actions = distinct.map((action) => ({
      id: action.id,
      text: action.text,
      completed: action.completed,
      order: action.order,
      hashtags: action.hashtags,
      keys: hashtagKeys(action.hashtags),
      assignee: action.assignee,
      due_date: action.dueDate,
    }));
    await manager.query(
      `WITH gone_readers AS (
         DELETE FROM meeting_reader WHERE meeting_id = $1 AND NOT (reader = ANY($2::text[]))
       ), readers AS (
         INSERT INTO meeting_reader (meeting_id, reader, meeting_date, owner_id)
         SELECT $1, r.reader, $3, $4 FROM unnest($2::text[]) AS r(reader)
         ON CONFLICT (meeting_id, reader) DO UPDATE SET
           meeting_date = EXCLUDED.meeting_date, owner_id = EXCLUDED.owner_id
         WHERE (meeting_reader.meeting_date, meeting_reader.owner_id)
               IS DISTINCT FROM (EXCLUDED.meeting_date, EXCLUDED.owner_id)
       ), gone_actions AS (
         DELETE FROM indexed_action WHERE meeting_id = $1 AND NOT (id = ANY($5::uuid[]))
       )
       INSERT INTO indexed_action (meeting_id, id, text, completed, "order", hashtags, hashtag_keys,
                                   assignee, due_date,
                                   meeting_title, meeting_date, owner_id, owner_email, shared_with)
       SELECT $1, a.id, a.text, a.completed, a."order",
              ARRAY(SELECT jsonb_array_elements_text(a.hashtags)), ARRAY(SELECT jsonb_array_elements_text(a.keys)),
              a.assignee, a.due_date,
              $7, $3, $4, $8, $9
       FROM jsonb_to_recordset($6::jsonb)
         AS a(id uuid, text text, completed boolean, "order" integer, hashtags jsonb, keys jsonb, assignee text, due_date date)
       ON CONFLICT (meeting_id, id) DO UPDATE SET
         text = EXCLUDED.text, completed = EXCLUDED.completed, "order" = EXCLUDED."order",
         hashtags = EXCLUDED.hashtags, hashtag_keys = EXCLUDED.hashtag_keys,
         assignee = EXCLUDED.assignee, due_date = EXCLUDED.due_date,
         meeting_title = EXCLUDED.meeting_title, meeting_date = EXCLUDED.meeting_date, owner_id = EXCLUDED.owner_id,
         owner_email = EXCLUDED.owner_email, shared_with = EXCLUDED.shared_with
       WHERE (indexed_action.text, indexed_action.completed, indexed_action."order", indexed_action.hashtags,
              indexed_action.assignee, indexed_action.due_date,
              indexed_action.meeting_title, indexed_action.meeting_date, indexed_action.owner_id,
              indexed_action.owner_email, indexed_action.shared_with)
             IS DISTINCT FROM (EXCLUDED.text, EXCLUDED.completed, EXCLUDED."order", EXCLUDED.hashtags,
              EXCLUDED.assignee, EXCLUDED.due_date,
              EXCLUDED.meeting_title, EXCLUDED.meeting_date, EXCLUDED.owner_id, EXCLUDED.owner_email, EXCLUDED.shared_with)`,
      [
        meeting.id,
        // The owner's id as uuid::text prints it; an e-mail never looks like a uuid.
        [meeting.ownerId.toLowerCase(), ...sharedWith],
        new Date(meeting.date),
        meeting.ownerId,
        distinct.map((action) => action.id),
        JSON.stringify(actions),
        meeting.title,
        meeting.ownerEmail,
        sharedWith,
      ],
    );
  }
}

/** A tombstone keeps no content: its reader rows and actions go, in one statement. */
async function removeContent(manager: EntityManager, meetingIds: string[]): Promise<void> {
  await manager.query(
    `WITH readers AS (DELETE FROM meeting_reader WHERE meeting_id = ANY($1::uuid[]))
     DELETE FROM indexed_action WHERE meeting_id = ANY($1::uuid[])`,
    [meetingIds],
  );
}

/** Shared e-mails compared case-insensitively, each once. */
export function emailKeys(emails: readonly string[]): string[] {
  return [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
}

/** Hashtags compared case-insensitively, each once. */
export function hashtagKeys(hashtags: readonly string[]): string[] {
  return [...new Set(hashtags.map((tag) => tag.toLowerCase()))];
}
