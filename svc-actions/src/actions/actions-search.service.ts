import type {
  ActionsMeetingGroup,
  HashtagSuggestionsResponse,
  ListActionsQuery,
  ListActionsResponse,
} from '@meetings/contracts';
import { queryRows } from '@meetings/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hashtagSuggestionsSql, listActionsSql, type Caller } from './actions-query.js';

interface ActionRow {
  meeting_id: string;
  title: string;
  date: Date;
  owner_id: string;
  owner_email: string;
  id: string;
  text: string;
  completed: boolean;
  order: number;
  hashtags: string[];
  assignee: string | null;
  due_date: string | null;
}

/** Reads the index only: the actions page never waits on svc-meetings. */
@Injectable()
export class ActionsSearchService {
  constructor(private readonly dataSource: DataSource) {}

  async list(caller: Caller, query: ListActionsQuery): Promise<ListActionsResponse> {
    const { text, values } = listActionsSql(caller, query);
    const rows = await queryRows<ActionRow>(this.dataSource, text, values);
    const hasMore = rows.length > query.pageSize;
    return {
      page: query.page,
      pageSize: query.pageSize,
      hasMore,
      meetings: groupByMeeting(hasMore ? rows.slice(0, query.pageSize) : rows),
    };
  }

  async hashtags(
    caller: Caller,
    fragment: string | undefined,
    limit: number,
  ): Promise<HashtagSuggestionsResponse> {
    const { text, values } = hashtagSuggestionsSql(caller, fragment, limit);
    const rows = await queryRows<{ tag: string }>(this.dataSource, text, values);
    return { hashtags: rows.map((row) => row.tag) };
  }
}

/** Rows come sorted by meeting, so each meeting's actions are consecutive. */
function groupByMeeting(rows: readonly ActionRow[]): ActionsMeetingGroup[] {
  const groups: ActionsMeetingGroup[] = [];
  for (const row of rows) {
    let group = groups.at(-1);
    if (group?.id !== row.meeting_id) {
      group = {
        _id: row.meeting_id,
        id: row.meeting_id,
        title: row.title,
        date: row.date.toISOString(),
        owner: { _id: row.owner_id, id: row.owner_id, email: row.owner_email },
        actions: [],
      };
      groups.push(group);
    }
    group.actions.push({
      _id: row.id,
      id: row.id,
      text: row.text,
      completed: row.completed,
      order: row.order,
      hashtags: row.hashtags,
      assignee: row.assignee,
      dueDate: row.due_date,
    });
  }
  return groups;
}
