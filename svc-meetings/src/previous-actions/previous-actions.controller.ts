import {
  MeetingIdParamsSchema,
  PreviousActionsQuerySchema,
  type PreviousActionsQuery,
  type PreviousActionsResponse,
} from '@meetings/contracts';
import { CurrentUser, type AuthUser } from '@meetings/service-kit';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PreviousActionsService } from './previous-actions.service.js';

@ApiTags('previous actions')
@Controller('api/meetings')
export class PreviousActionsController {
  constructor(private readonly previous: PreviousActionsService) {}

  @Get(':id/previous-actions')
  list(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingIdParamsSchema }) params: { id: string },
    @Query({ schema: PreviousActionsQuerySchema }) query: PreviousActionsQuery,
  ): Promise<PreviousActionsResponse> {
    return this.previous.list(user, params.id, query.showCompleted);
  }
}
