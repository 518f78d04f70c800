import {
  AddActionItemBodySchema,
  MeetingIdParamsSchema,
  MeetingItemParamsSchema,
  RestoreActionItemBodySchema,
  UpdateActionItemBodySchema,
  UpdateActionOrderBodySchema,
  type AddActionItemBody,
  type MeetingResponse,
  type RestoreActionItemBody,
  type UpdateActionItemBody,
  type UpdateActionOrderBody,
} from '@meetings/contracts';
import { CurrentUser, type AuthUser } from '@meetings/service-kit';
import { Body, Controller, Delete, Param, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { meetingView } from '../store/views.js';
import { ActionsService } from './actions.service.js';

@ApiTags('actions')
@Controller('api/meetings')
export class ActionsController {
  constructor(private readonly actions: ActionsService) {}

  @Put(':id/add-action-item')
  async add(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingIdParamsSchema }) params: { id: string },
    @Body({ schema: AddActionItemBodySchema }) body: AddActionItemBody,
  ): Promise<MeetingResponse> {
    return { meeting: meetingView(await this.actions.add(user, params.id, body), user) };
  }

  @Put(':id/restore-action-item')
  async restore(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingIdParamsSchema }) params: { id: string },
    @Body({ schema: RestoreActionItemBodySchema }) body: RestoreActionItemBody,
  ): Promise<MeetingResponse> {
    return { meeting: meetingView(await this.actions.restore(user, params.id, body), user) };
  }

  @Put(':id/update-action-item/:itemId')
  async update(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingItemParamsSchema }) params: { id: string; itemId: string },
    @Body({ schema: UpdateActionItemBodySchema }) body: UpdateActionItemBody,
  ): Promise<MeetingResponse> {
    return {
      meeting: meetingView(await this.actions.update(user, params.id, params.itemId, body), user),
    };
  }

  @Put(':id/update-action-order')
  async reorder(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingIdParamsSchema }) params: { id: string },
    @Body({ schema: UpdateActionOrderBodySchema }) body: UpdateActionOrderBody,
  ): Promise<MeetingResponse> {
    return { meeting: meetingView(await this.actions.reorder(user, params.id, body), user) };
  }

  @Delete(':id/delete-action-item/:itemId')
  async remove(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingItemParamsSchema }) params: { id: string; itemId: string },
  ): Promise<MeetingResponse> {
    return {
      meeting: meetingView(await this.actions.remove(user, params.id, params.itemId), user),
    };
  }
}
