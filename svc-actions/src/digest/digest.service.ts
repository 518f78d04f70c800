import type {
  DigestActionsQuery,
  DigestActionsResponse,
  DigestRecipientsQuery,
  DigestRecipientsResponse,
} from '@meetings/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import { IndexedActionEntity } from '../action-index/index.entities.js';

/** What svc-auth's daily digest asks: who has actions due, and which. */
@Injectable()
export class DigestService {
  constructor(private readonly dataSource: DataSource) {}

  async recipients(query: DigestRecipientsQuery): Promise<DigestRecipientsResponse> {
    const owed = this.owed(query.through)
      .select('a.assignee', 'assignee')
      .distinct(true)
      .orderBy('a.assignee')
      .limit(query.limit + 1);
    if (query.after) owed.andWhere('a.assignee > :after', { after: query.after });
    const rows = await owed.getRawMany<{ assignee: string }>();
    const recipients = rows.slice(0, query.limit).map((row) => row.assignee);
    return rows.length > query.limit ? { recipients, next: recipients.at(-1) } : { recipients };
  }

  async actions(query: DigestActionsQuery): Promise<DigestActionsResponse> {
    const actions = await this.owed(query.through)
      .select(['a.meetingId', 'a.meetingTitle', 'a.id', 'a.text', 'a.dueDate'])
      .andWhere('a.assignee = :assignee', { assignee: query.assignee })
      .orderBy('a.dueDate')
      .addOrderBy('a.meetingDate')
      .addOrderBy('a.order')
      .addOrderBy('a.id')
      .getMany();
    const meetings = Map.groupBy(actions, (action) => action.meetingId);
    return {
      meetings: Array.from(meetings, ([id, owed]) => ({
        id,
        title: owed[0]!.meetingTitle,
        actions: owed.map((a) => ({ id: a.id, text: a.text, dueDate: a.dueDate! })),
      })),
    };
  }

  /**
   * Open actions due on or before a day, for someone who can still see their meeting (its owner or
   * on its shared list): both queries start from the (assignee, due_date) index.
   */
  private owed(through: string): SelectQueryBuilder<IndexedActionEntity> {
    return this.dataSource
      .getRepository(IndexedActionEntity)
      .createQueryBuilder('a')
      .where('a.assignee IS NOT NULL')
      .andWhere('NOT a.completed')
      .andWhere('a.dueDate <= :through', { through })
      .andWhere('(a.ownerEmail = a.assignee OR a.assignee = ANY(a.sharedWith))');
  }
}
