import type { MeetingsExportPage, MeetingsExportQuery } from '@meetings/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ActionStore, byMeeting } from '../items/item-store.js';
import { MeetingStore } from '../store/meeting-store.js';
import { meetingSnapshot } from '../store/views.js';

/** Every meeting's snapshot, a page at a time in id order, for rebuilding svc-actions' index. */
@Injectable()
export class MeetingsExportService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly meetings: MeetingStore,
    private readonly actions: ActionStore,
  ) {}

  async page(request: MeetingsExportQuery): Promise<MeetingsExportPage> {
    const meetings = await this.meetings.pageById(this.dataSource, request.afterId, request.limit);
    const actions = byMeeting(
      await this.actions.list(
        this.dataSource,
        meetings.map((m) => m.id),
      ),
    );
    const last = meetings.at(-1);
    return {
      meetings: meetings.map((meeting) => meetingSnapshot(meeting, actions.get(meeting.id) ?? [])),
      // A short page is the last one.
      ...(last && meetings.length === request.limit ? { nextAfterId: last.id } : {}),
    };
  }
}
