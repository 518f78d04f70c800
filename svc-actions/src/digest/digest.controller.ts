import {
  DigestActionsQuerySchema,
  DigestRecipientsQuerySchema,
  type DigestActionsQuery,
  type DigestActionsResponse,
  type DigestRecipientsQuery,
  type DigestRecipientsResponse,
} from '@meetings/contracts';
import { Public } from '@meetings/service-kit';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DigestService } from './digest.service.js';

/**
 * svc-auth's daily digest asks here, with no user to act for (like the export, ADR 0005): on the
 * management port only, which the gateway never proxies to and only the cluster reaches.
 */
@ApiExcludeController()
@Public()
@Controller('internal/actions')
export class DigestController {
  constructor(private readonly digest: DigestService) {}

  @Get('digest-recipients')
  recipients(
    @Query({ schema: DigestRecipientsQuerySchema }) query: DigestRecipientsQuery,
  ): Promise<DigestRecipientsResponse> {
    return this.digest.recipients(query);
  }

  @Get('digest')
  actions(
    @Query({ schema: DigestActionsQuerySchema }) query: DigestActionsQuery,
  ): Promise<DigestActionsResponse> {
    return this.digest.actions(query);
  }
}
