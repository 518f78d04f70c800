import { MeetingIdParamsSchema, type MeetingResponse } from '@meetings/contracts';
import { CurrentUser, type AuthUser } from '@meetings/service-kit';
import { Controller, Param, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { meetingView } from '../store/views.js';
import { SeriesService } from './series.service.js';

@ApiTags('series')
@Controller('api/meetings')
export class SeriesController {
  constructor(private readonly series: SeriesService) {}

  /** 201 when this call made the next meeting, 200 when it answers the one made before. */
  @Post(':id/next-occurrence')
  async nextOccurrence(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingIdParamsSchema }) params: { id: string },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MeetingResponse> {
    const { full, created } = await this.series.nextOccurrence(user, params.id);
    void reply.status(created ? 201 : 200);
    return { meeting: meetingView(full, user) };
  }
}
