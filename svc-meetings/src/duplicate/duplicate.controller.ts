import {
  DuplicateMeetingBodySchema,
  MeetingIdParamsSchema,
  type DuplicateMeetingBody,
  type MeetingResponse,
} from '@meetings/contracts';
import { CurrentUser, type AuthUser } from '@meetings/service-kit';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { meetingView } from '../store/views.js';
import { DuplicateService } from './duplicate.service.js';

@ApiTags('duplicate')
@Controller('api/meetings')
export class DuplicateController {
  constructor(private readonly duplicates: DuplicateService) {}

  @Post(':id/duplicate')
  @HttpCode(201)
  async duplicate(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingIdParamsSchema }) params: { id: string },
    @Body({ schema: DuplicateMeetingBodySchema }) body: DuplicateMeetingBody,
  ): Promise<MeetingResponse> {
    return { meeting: meetingView(await this.duplicates.duplicate(user, params.id, body), user) };
  }
}
