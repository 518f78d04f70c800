import { MeetingIdParamsSchema } from '@meetings/contracts';
import { CurrentUser, type AuthUser } from '@meetings/service-kit';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MeetingAccess } from '../access/meeting-access.service.js';
import { LiveMeetings } from './live-meetings.service.js';

/**
 * GET /api/meetings/{id}/live: server-sent events while a meeting page is open, for whoever may
 * read the meeting (the same refusals as reading it). `changed` first tells the version now, so a
 * page that reconnects after missing changes asks for the meeting again; events older than that
 * version, still on their way, are not sent.
 */
@ApiTags('meetings')
@Controller('api/meetings')
export class LiveController {
  constructor(
    private readonly access: MeetingAccess,
    private readonly live: LiveMeetings,
  ) {}

  @Get(':id/live')
  @ApiProduces('text/event-stream')
  async stream(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingIdParamsSchema }) params: { id: string },
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    const { stream, start } = this.live.open(params.id, user);
    try {
      start((await this.access.readable(user, params.id)).version);
    } catch (error) {
      stream.destroy();
      throw error;
    }
    reply.raw.once('close', () => stream.destroy());
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no')
      .send(stream);
  }
}
