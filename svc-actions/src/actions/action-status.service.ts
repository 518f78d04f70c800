import { ServerMessages, type ActionStatusResponse } from '@meetings/contracts';
import { Errors } from '@meetings/service-kit';
import { Injectable } from '@nestjs/common';
import { MeetingIndexWriter } from '../action-index/meeting-index.writer.js';
import { badGateway, MeetingsClient } from '../action-index/meetings.client.js';
import type { Caller } from './actions-query.js';

/**
 * Ticks an action through svc-meetings, which owns meetings and checks permission, then applies the
 * meeting it answers with to the index at once, so the caller's next list already shows the change.
 */
@Injectable()
export class ActionStatusService {
  constructor(
    private readonly meetings: MeetingsClient,
    private readonly writer: MeetingIndexWriter,
  ) {}

  async setStatus(
    caller: Caller,
    meetingId: string,
    actionId: string,
    completed: boolean,
  ): Promise<ActionStatusResponse> {
    const { meeting } = await this.meetings.setActionStatus({
      caller: { id: caller.id, email: caller.email },
      meetingId,
      actionId,
      completed,
    });
    if (meeting.id !== meetingId) throw badGateway();
    // The same version rule as events: the event that follows this reply changes nothing.
    await this.writer.upsertAll([meeting]);
    const action = meeting.actions.find((candidate) => candidate.id === actionId);
    if (!action) throw Errors.notFound(ServerMessages.actionItemNotFound);
    return { action: { _id: action.id, ...action, meetingId } };
  }
}
