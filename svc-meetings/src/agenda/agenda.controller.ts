import {
  AddAgendaItemBodySchema,
  MeetingIdParamsSchema,
  MeetingItemParamsSchema,
  RestoreAgendaItemBodySchema,
  UpdateAgendaItemBodySchema,
  UpdateAgendaOrderBodySchema,
  type AddAgendaItemBody,
  type MeetingResponse,
  type RestoreAgendaItemBody,
  type UpdateAgendaItemBody,
  type UpdateAgendaOrderBody,
} from '@meetings/contracts';
import { CurrentUser, type AuthUser } from '@meetings/service-kit';
import { Body, Controller, Delete, Param, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { meetingView } from '../store/views.js';
import { AgendaService } from './agenda.service.js';

@ApiTags('agenda')
@Controller('api/meetings')
export class AgendaController {
  constructor(private readonly agenda: AgendaService) {}

  @Put(':id/add-agenda-item')
  async add(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingIdParamsSchema }) params: { id: string },
    @Body({ schema: AddAgendaItemBodySchema }) body: AddAgendaItemBody,
  ): Promise<MeetingResponse> {
    return { meeting: meetingView(await this.agenda.add(user, params.id, body), user) };
  }

  @Put(':id/restore-agenda-item')
  async restore(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingIdParamsSchema }) params: { id: string },
    @Body({ schema: RestoreAgendaItemBodySchema }) body: RestoreAgendaItemBody,
  ): Promise<MeetingResponse> {
    return { meeting: meetingView(await this.agenda.restore(user, params.id, body), user) };
  }

  @Put(':id/update-agenda-item/:itemId')
  async update(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingItemParamsSchema }) params: { id: string; itemId: string },
    @Body({ schema: UpdateAgendaItemBodySchema }) body: UpdateAgendaItemBody,
  ): Promise<MeetingResponse> {
    return {
      meeting: meetingView(await this.agenda.update(user, params.id, params.itemId, body), user),
    };
  }

  @Put(':id/update-agenda-order')
  async reorder(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingIdParamsSchema }) params: { id: string },
    @Body({ schema: UpdateAgendaOrderBodySchema }) body: UpdateAgendaOrderBody,
  ): Promise<MeetingResponse> {
    return { meeting: meetingView(await this.agenda.reorder(user, params.id, body), user) };
  }

  @Delete(':id/delete-agenda-item/:itemId')
  async remove(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingItemParamsSchema }) params: { id: string; itemId: string },
  ): Promise<MeetingResponse> {
    return { meeting: meetingView(await this.agenda.remove(user, params.id, params.itemId), user) };
  }
}
