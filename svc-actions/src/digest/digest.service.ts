import type {
  DigestActionsQuery,
  DigestActionsResponse,
  DigestRecipientsQuery,
  DigestRecipientsResponse,
} from '@meetings/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

// Open actions due on or before a day, for someone who can still see their meeting (its owner or
// on its shared list): both queries start from the (assignee, due_date) index.
const OWED = `a.assignee IS NOT NULL AND NOT a.completed AND a.due_date <= $1::date
  AND (a.owner_email = a.assignee OR a.assignee = ANY(a.shared_with))`;

/** What svc-auth's daily digest asks: who has actions due, and which. */
@Injectable()
export class DigestService {
  constructor(private readonly dataSource: DataSource) {}

  async recipients(query: DigestRecipientsQuery): Promise<DigestRecipientsResponse> {
    const rows = (await this.dataSource.query(
      `SELECT DISTINCT a.assignee FROM indexed_action a
       WHERE ${OWED} AND ($2::text IS NULL OR a.assignee > $2)
       ORDER BY a.assignee LIMIT $3`,
      [query.through, query.after ?? null, query.limit + 1],
    )) as { assignee: string }[];
    const recipients = rows.slice(0, query.limit).map((row) => row.assignee);
    return rows.length > query.limit ? { recipients, next: recipients.at(-1) } : { recipients };
  }

  async actions(query: DigestActionsQuery): Promise<DigestActionsResponse> {
    const rows = (await this.dataSource.query(
      `SELECT a.meeting_id, a.meeting_title, a.id, a.text, to_char(a.due_date, 'YYYY-MM-DD') AS due
       FROM indexed_action a
       WHERE a.assignee = $2 AND ${OWED}
       ORDER BY a.due_date, a.meeting_date, a."order", a.id`,
      [query.through, query.assignee],
    )) as { meeting_id: string; meeting_title: string; id: string; text: string; due: string }[];
    const meetings = new Map<string, DigestActionsResponse['meetings'][number]>();
    for (const row of rows) {
      let meeting = meetings.get(row.meeting_id);
      if (!meeting) {
        meeting = { id: row.meeting_id, title: row.meeting_title, actions: [] };
        meetings.set(row.meeting_id, meeting);
      }
      meeting.actions.push({ id: row.id, text: row.text, dueDate: row.due });
    }
    return { meetings: [...meetings.values()] };
  }
}
