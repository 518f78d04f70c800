import {
  ActionStatusBodySchema,
  ActionStatusParamsSchema,
  HashtagSuggestionsQuerySchema,
  ListActionsQuerySchema,
  type ActionStatusBody,
  type ActionStatusResponse,
  type HashtagSuggestionsResponse,
  type ListActionsQuery,
  type ListActionsResponse,
} from '@meetings/contracts';
import { CurrentUser, type AuthUser } from '@meetings/service-kit';
import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { ActionStatusService } from './action-status.service.js';
import { ActionsSearchService } from './actions-search.service.js';

/** The actions page's calls: the cross-meeting list, hashtag suggestions, ticking. */
@ApiTags('actions')
@Controller('api/actions')
export class ActionsController {
  constructor(
    private readonly search: ActionsSearchService,
    private readonly status: ActionStatusService,
  ) {}

  @Get()
  list(
    @CurrentUser() user: AuthUser,
    @Query({ schema: ListActionsQuerySchema }) query: ListActionsQuery,
  ): Promise<ListActionsResponse> {
    return this.search.list(user, query);
  }

  @Get('hashtags')
  hashtags(
    @CurrentUser() user: AuthUser,
    @Query({ schema: HashtagSuggestionsQuerySchema })
    query: z.infer<typeof HashtagSuggestionsQuerySchema>,
  ): Promise<HashtagSuggestionsResponse> {
    return this.search.hashtags(user, query.q, query.limit);
  }

  @Put(':meetingId/action/:actionId/status')
  setStatus(
    @CurrentUser() user: AuthUser,
    @Param({ schema: ActionStatusParamsSchema }) params: z.infer<typeof ActionStatusParamsSchema>,
    @Body({ schema: ActionStatusBodySchema }) body: ActionStatusBody,
  ): Promise<ActionStatusResponse> {
    return this.status.setStatus(user, params.meetingId, params.actionId, body.completed);
  }
}
