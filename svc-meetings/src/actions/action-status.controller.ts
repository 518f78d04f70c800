import {
  ActionStatusBodySchema,
  ActionStatusParamsSchema,
  MeetingErrorCode,
  type ActionStatusBody,
  type ActionStatusResponse,
} from '@meetings/contracts';
import { CurrentUser, type AuthUser } from '@meetings/service-kit';
import { Body, Controller, Param, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { meetingError } from '../errors.js';
import { actionItemView } from '../store/views.js';
import { ActionsService } from './actions.service.js';

/**
 * Ticking from the actions page: its path is under /api/actions, but the change is to a meeting,
 * so it is made here with the meeting page's rules. svc-actions' list follows from the event.
 */
@ApiTags('actions')
@Controller('api/actions')
export class ActionStatusController {
  constructor(private readonly actions: ActionsService) {}

  @Put(':meetingId/action/:actionId/status')
  async setStatus(
    @CurrentUser() user: AuthUser,
    @Param({ schema: ActionStatusParamsSchema }) params: z.infer<typeof ActionStatusParamsSchema>,
    @Body({ schema: ActionStatusBodySchema }) body: ActionStatusBody,
  ): Promise<ActionStatusResponse> {
    const full = await this.actions.update(user, params.meetingId, params.actionId, {
      completed: body.completed,
    });
    const action = full.actions.find((candidate) => candidate.id === params.actionId);
    if (!action) throw meetingError(MeetingErrorCode.ActionItemNotFound);
    return { action: { ...actionItemView(action), meetingId: params.meetingId } };
  }
}
