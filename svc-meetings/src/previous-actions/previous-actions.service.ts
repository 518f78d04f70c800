import type { PreviousActionsResponse } from '@meetings/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Caller } from '../access/caller.js';
import { MeetingAccess } from '../access/meeting-access.service.js';
import { ActionStore, byMeeting } from '../items/item-store.js';
import { ActionItemEntity, MeetingEntity } from '../store/entities.js';
import { MeetingStore } from '../store/meeting-store.js';
import { actionItemView } from '../store/views.js';

/** Enough earlier occurrences for any meeting page; older ones are a click away on the actions page. */
const MAX_EARLIER_MEETINGS = 50;

/**
 * Earlier occurrences the caller may see, newest first, with their open actions. A series that
 * repeats (a rule, or a next occurrence made) is its meetings, whatever their titles; otherwise
 * the same series (duplicates) or the same owner and title.
 */
@Injectable()
export class PreviousActionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: MeetingAccess,
    private readonly actions: ActionStore,
    private readonly meetings: MeetingStore,
  ) {}

  async list(
    caller: Caller,
    meetingId: string,
    showCompleted: boolean,
  ): Promise<PreviousActionsResponse> {
    const meeting = await this.access.readable(caller, meetingId);
    const actionsOf = this.dataSource
      .getRepository(ActionItemEntity)
      .createQueryBuilder('a')
      .select('1')
      .where('a.meetingId = m.id');
    if (!showCompleted) actionsOf.andWhere('NOT a.completed');
    const inSeries = await this.meetings.isRecurringSeries(this.dataSource, meeting.seriesId);
    const earlier = await this.dataSource
      .getRepository(MeetingEntity)
      .createQueryBuilder('m')
      .select(['m.id', 'm.title', 'm.date'])
      .where('m.date < :date AND m.id <> :id', { date: meeting.date, id: meeting.id })
      .andWhere(
        inSeries
          ? 'm.seriesId = :seriesId'
          : '(m.seriesId = :seriesId OR (m.ownerId = :ownerId AND lower(btrim(m.title)) = lower(btrim(:title))))',
        { seriesId: meeting.seriesId, ownerId: meeting.ownerId, title: meeting.title },
      )
      .andWhere('(m.ownerId = :callerId OR m.sharedWith @> ARRAY[:callerEmail::text])', {
        callerId: caller.id,
        callerEmail: caller.email,
      })
      .andWhere(`EXISTS (${actionsOf.getQuery()})`)
      .orderBy('m.date', 'DESC')
      .addOrderBy('m.id', 'DESC')
      .limit(MAX_EARLIER_MEETINGS)
      .getMany();
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
