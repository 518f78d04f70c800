import {
  CountActionsQuerySchema,
  HashtagSuggestionsQuerySchema,
  type CountActionsQuery,
  type CountActionsResponse,
  ListActionsQuerySchema,
  type HashtagSuggestionsResponse,
  type ListActionsQuery,
  type ListActionsResponse,
} from '@meetings/contracts';
import { CurrentUser, type AuthUser } from '@meetings/service-kit';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { ActionsSearchService } from './actions-search.service.js';

/**
 * The actions page's reads: the cross-meeting list, its count and hashtag suggestions. Ticking is svc-meetings'
 * (the gateway sends it there); the list shows it once the meeting's event is in.
 */
@ApiTags('actions')
@Controller('api/actions')
export class ActionsController {
  constructor(private readonly search: ActionsSearchService) {}

  @Get()
  list(
    @CurrentUser() user: AuthUser,
    @Query({ schema: ListActionsQuerySchema }) query: ListActionsQuery,
  ): Promise<ListActionsResponse> {
    return this.search.list(user, query);
  }

  /** The sidebar's overdue badge: `?assignee=me&due=overdue`, counted up to 100. */
  @Get('count')
  count(
    @CurrentUser() user: AuthUser,
    @Query({ schema: CountActionsQuerySchema }) query: CountActionsQuery,
  ): Promise<CountActionsResponse> {
    return this.search.count(user, query);
  }

  @Get('hashtags')
  hashtags(
    @CurrentUser() user: AuthUser,
    @Query({ schema: HashtagSuggestionsQuerySchema })
    query: z.infer<typeof HashtagSuggestionsQuerySchema>,
  ): Promise<HashtagSuggestionsResponse> {
    return this.search.hashtags(user, query.q, query.limit);
  }
}
