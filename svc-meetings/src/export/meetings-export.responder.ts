import {
  MeetingsExportRequestSchema,
  RpcSubjects,
  type MeetingsExportReply,
  type MeetingsExportRequest,
} from '@meetings/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MeetingsExportService } from './meetings-export.service.js';

@Controller()
export class MeetingsExportResponder {
  constructor(private readonly exports: MeetingsExportService) {}

  @MessagePattern(RpcSubjects.MeetingsExport)
  exportPage(
    @Payload({ schema: MeetingsExportRequestSchema }) request: MeetingsExportRequest,
  ): Promise<MeetingsExportReply> {
    return this.exports.page(request);
  }
}
