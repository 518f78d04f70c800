import {
  AddSharedUserBodySchema,
  MeetingIdParamsSchema,
  SharedUserBodySchema,
  type AddSharedUserBody,
  type MeetingResponse,
  type SharedUserBody,
} from '@meetings/contracts';
import { CurrentUser, type AuthUser } from '@meetings/service-kit';
import { Body, Controller, Param, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { meetingView } from '../store/views.js';
import { SharingService } from './sharing.service.js';

@ApiTags('sharing')
@Controller('api/meetings')
export class SharingController {
  constructor(private readonly sharing: SharingService) {}

  @Put(':id/add-shared-user')
  async share(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingIdParamsSchema }) params: { id: string },
    @Body({ schema: AddSharedUserBodySchema }) body: AddSharedUserBody,
  ): Promise<MeetingResponse> {
    return {
      meeting: meetingView(await this.sharing.share(user, params.id, body.email, body.role), user),
    };
  }

  @Put(':id/remove-shared-user')
  async unshare(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingIdParamsSchema }) params: { id: string },
    @Body({ schema: SharedUserBodySchema }) body: SharedUserBody,
  ): Promise<MeetingResponse> {
    return { meeting: meetingView(await this.sharing.unshare(user, params.id, body.email), user) };
  }
}
