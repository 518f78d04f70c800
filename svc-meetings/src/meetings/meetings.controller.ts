import {
  CreateMeetingBodySchema,
  ListMeetingsQuerySchema,
  MeetingIdParamsSchema,
  UpdateMeetingInfoBodySchema,
  type CreateMeetingBody,
  type ListMeetingsQuery,
  type MeetingListResponse,
  type MeetingResponse,
  type Success,
  type UpdateMeetingInfoBody,
} from '@meetings/contracts';
import { CurrentUser, type AuthUser } from '@meetings/service-kit';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { meetingView } from '../store/views.js';
import { MeetingWriter } from '../writing/meeting-writer.service.js';
import { MeetingsService } from './meetings.service.js';

type MeetingParams = { id: string };

@ApiTags('meetings')
@Controller('api/meetings')
export class MeetingsController {
  constructor(
    private readonly meetings: MeetingsService,
    private readonly writer: MeetingWriter,
  ) {}

  @Get()
  list(
    @CurrentUser() user: AuthUser,
    @Query({ schema: ListMeetingsQuerySchema }) query: ListMeetingsQuery,
  ): Promise<MeetingListResponse> {
    return this.meetings.list(user, query);
  }

  @Post('create')
  @HttpCode(201)
  async create(
    @CurrentUser() user: AuthUser,
    @Body({ schema: CreateMeetingBodySchema }) body: CreateMeetingBody,
  ): Promise<MeetingResponse> {
    return { meeting: meetingView(await this.meetings.create(user, body), user) };
  }

  @Get(':id')
  async get(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingIdParamsSchema }) params: MeetingParams,
  ): Promise<MeetingResponse> {
    return { meeting: meetingView(await this.meetings.get(user, params.id), user) };
  }

  @Put(':id/update-info')
  async updateInfo(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingIdParamsSchema }) params: MeetingParams,
    @Body({ schema: UpdateMeetingInfoBodySchema }) body: UpdateMeetingInfoBody,
  ): Promise<MeetingResponse> {
    return { meeting: meetingView(await this.meetings.updateInfo(user, params.id, body), user) };
  }

  @Delete(':id/delete')
  async remove(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingIdParamsSchema }) params: MeetingParams,
  ): Promise<Success> {
    await this.writer.remove(user, params.id);
    return { success: true, message: 'Meeting deleted successfully' };
  }
}
