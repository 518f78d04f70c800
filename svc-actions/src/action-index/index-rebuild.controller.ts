import { OperatorTokenGuard, Public } from '@meetings/service-kit';
import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { z } from 'zod';
import { IndexRebuildService, type RebuildStatus } from './index-rebuild.service.js';

/** The rebuild takes no options; a body, if sent, must be empty. */
const RebuildBodySchema = z.strictObject({}).optional();

/** Operator tooling, never routed by the gateway: rebuild the index from svc-meetings. */
@ApiExcludeController()
@Public()
@UseGuards(OperatorTokenGuard)
@Controller('internal/index')
export class IndexRebuildController {
  constructor(private readonly rebuilds: IndexRebuildService) {}

  /** Starts a rebuild (or leaves the running one) and answers at once; poll GET for the outcome. */
  @Post('rebuild')
  @HttpCode(202)
  start(@Body({ schema: RebuildBodySchema }) _body: unknown): RebuildStatus {
    return this.rebuilds.start('operator');
  }

  @Get('rebuild')
  status(): RebuildStatus {
    return this.rebuilds.currentStatus();
  }
}
