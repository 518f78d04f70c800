import { MeetingIdParamsSchema, type SendRecapResponse } from '@meetings/contracts';
import { CurrentUser, type AuthUser } from '@meetings/service-kit';
import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RecapService } from './recap.service.js';

@ApiTags('recap')
@Controller('api/meetings')
export class RecapController {
  constructor(private readonly recaps: RecapService) {}

  @Post(':id/send-recap')
  @HttpCode(200)
  send(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingIdParamsSchema }) params: { id: string },
  ): Promise<SendRecapResponse> {
    return this.recaps.send(user, params.id);
  }
}
