import type { PreviousActionsResponse } from '@meetings/contracts';
import { queryRows } from '@meetings/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Caller } from '../access/caller.js';
import { MeetingAccess } from '../access/meeting-access.service.js';
import { ActionStore } from '../items/item-store.js';
import { byMeeting, type MeetingHeadRow } from '../store/rows.js';
import { actionItemView } from '../store/views.js';

/** Enough earlier occurrences for any meeting page; older ones are a click away on the actions page. */
const MAX_EARLIER_MEETINGS = 50;

/** Earlier occurrences (same series, or same owner and title) the caller may see, newest first, with their open actions. */
@Injectable()
export class PreviousActionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: MeetingAccess,
    private readonly actions: ActionStore,
  ) {}

  async list(
    caller: Caller,
    meetingId: string,
    showCompleted: boolean,
  ): Promise<PreviousActionsResponse> {
    const meeting = await this.access.readable(caller, meetingId);
    const earlier = await queryRows<Pick<MeetingHeadRow, 'id' | 'title' | 'date'>>(
      this.dataSource,
      `SELECT m.id, m.title, m.date FROM meeting m
       WHERE m.date < $2 AND m.id <> $1
         AND (m.series_id = $3 OR (m.owner_id = $4 AND lower(btrim(m.title)) = lower(btrim($5))))
         AND (m.owner_id = $6 OR m.shared_with @> ARRAY[$7::text])
         AND EXISTS (SELECT 1 FROM action_item a WHERE a.meeting_id = m.id ${showCompleted ? '' : 'AND NOT a.completed'})
       ORDER BY m.date DESC, m.id DESC
       LIMIT ${MAX_EARLIER_MEETINGS}`,
      [
        meeting.id,
        meeting.date,
        meeting.series_id,
        meeting.owner_id,
        meeting.title,
        caller.id,
        caller.email,
      ],
    );
    const actions = byMeeting(
      await this.actions.list(
        this.dataSource,
        earlier.map((m) => m.id),
        { openOnly: !showCompleted },
      ),
    );
    return {
      meetings: earlier
        .map((m) => ({
          _id: m.id,
          id: m.id,
          title: m.title,
          date: m.date.toISOString(),
          actions: (actions.get(m.id) ?? []).map(actionItemView),
        }))
        .filter((m) => m.actions.length > 0),
    };
  }
}
