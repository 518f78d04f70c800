import {
  ACTION_COUNT_LIMIT,
  type CountActionsQuery,
  type CountActionsResponse,
  type ActionsMeetingGroup,
  type HashtagSuggestionsResponse,
  type ListActionsQuery,
  type ListActionsResponse,
} from '@meetings/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { IndexedActionEntity as IndexedAction } from '../action-index/index.entities.js';
import { hashtagSuggestionsSql, listActionsQuery, type Caller } from './actions-query.js';

/** Reads the index only: the actions page never waits on svc-meetings. */
@Injectable()
export class ActionsSearchService {
  constructor(private readonly dataSource: DataSource) {}

  async list(caller: Caller, query: ListActionsQuery): Promise<ListActionsResponse> {
    const rows = await listActionsQuery(this.dataSource, caller, query).getMany();
    const hasMore = rows.length > query.pageSize;
    return {
      page: query.page,
      pageSize: query.pageSize,
      hasMore,
      meetings: groupByMeeting(hasMore ? rows.slice(0, query.pageSize) : rows),
    };
  }

  /**
   * How many actions the list would show, up to ACTION_COUNT_LIMIT: the list's own query (same
   * visibility, filters and index paths) cut at the limit, so a count costs what a page does.
   */
  async count(caller: Caller, query: CountActionsQuery): Promise<CountActionsResponse> {
    const page = listActionsQuery(this.dataSource, caller, {
      ...query,
      page: 1,
      pageSize: ACTION_COUNT_LIMIT - 1,
    }).select('a.id');
    const [sql, values] = page.getQueryAndParameters();
    const rows = (await this.dataSource.query(
      `SELECT count(*)::int AS count FROM (${sql}) counted`,
      values,
    )) as { count: number }[];
    return { count: rows[0]?.count ?? 0 };
  }

  async hashtags(
    caller: Caller,
    fragment: string | undefined,
    limit: number,
  ): Promise<HashtagSuggestionsResponse> {
    const { text, values } = hashtagSuggestionsSql(caller, fragment, limit);
    const rows = (await this.dataSource.query(text, values)) as { tag: string }[];
    return { hashtags: rows.map((row) => row.tag) };
  }
}

/**
 * Each run of consecutive rows of one meeting is a group. Rows come by meeting, except with
 * sort=due: then a meeting comes back in as many groups as it takes to keep the due-date order
 * (so not Map.groupBy, which would merge them).
 */
function groupByMeeting(rows: readonly IndexedAction[]): ActionsMeetingGroup[] {
  const groups: ActionsMeetingGroup[] = [];
  for (const row of rows) {
    let group = groups.at(-1);
    if (group?.id !== row.meetingId) {
      group = {
        _id: row.meetingId,
        id: row.meetingId,
        title: row.meetingTitle,
        date: row.meetingDate.toISOString(),
        owner: { _id: row.ownerId, id: row.ownerId, email: row.ownerEmail },
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
      dueDate: row.dueDate,
    });
  }
  return groups;
}
