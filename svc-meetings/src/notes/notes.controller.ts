import {
  MeetingIdParamsSchema,
  UpdateNotesBodySchema,
  type MeetingResponse,
  type UpdateNotesBody,
} from '@meetings/contracts';
import { CurrentUser, type AuthUser } from '@meetings/service-kit';
import { Body, Controller, Param, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { meetingView } from '../store/views.js';
import { NotesService } from './notes.service.js';

@ApiTags('notes')
@Controller('api/meetings')
export class NotesController {
  constructor(private readonly notes: NotesService) {}

  @Put(':id/update-notes')
  async update(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingIdParamsSchema }) params: { id: string },
    @Body({ schema: UpdateNotesBodySchema }) body: UpdateNotesBody,
  ): Promise<MeetingResponse> {
    return { meeting: meetingView(await this.notes.update(user, params.id, body.notes), user) };
  }
}
