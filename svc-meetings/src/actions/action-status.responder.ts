import {
  ActionSetStatusRequestSchema,
  RpcSubjects,
  type ActionSetStatusReply,
  type ActionSetStatusRequest,
} from '@meetings/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { callerOf } from '../access/caller.js';
import { meetingSnapshot } from '../store/views.js';
import { ActionsService } from './actions.service.js';

@Controller()
export class ActionStatusResponder {
  constructor(private readonly actions: ActionsService) {}

  /** Ticks an action for a user of the actions page (svc-actions), with the meeting page's rules. */
  @MessagePattern(RpcSubjects.ActionSetStatus)
  async setStatus(
    @Payload({ schema: ActionSetStatusRequestSchema }) request: ActionSetStatusRequest,
  ): Promise<ActionSetStatusReply> {
    const full = await this.actions.setStatus(
      callerOf(request.caller),
      request.meetingId,
      request.actionId,
      request.completed,
    );
    return { meeting: meetingSnapshot(full.meeting, full.actions) };
  }
}
