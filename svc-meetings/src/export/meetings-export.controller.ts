import {
  MeetingsExportQuerySchema,
  type MeetingsExportPage,
  type MeetingsExportQuery,
} from '@meetings/contracts';
import { Public } from '@meetings/service-kit';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { MeetingsExportService } from './meetings-export.service.js';

/**
 * svc-actions reads every meeting from here to rebuild its index, at start or for an operator, with
 * no user to act for: like the key and session routes, it is an internal route the gateway never
 * routes, so only the platform reaches it.
 */
@ApiExcludeController()
@Public()
@Controller('internal/meetings')
export class MeetingsExportController {
  constructor(private readonly exports: MeetingsExportService) {}

  @Get('export')
  exportPage(
    @Query({ schema: MeetingsExportQuerySchema }) query: MeetingsExportQuery,
  ): Promise<MeetingsExportPage> {
    return this.exports.page(query);
  }
}
