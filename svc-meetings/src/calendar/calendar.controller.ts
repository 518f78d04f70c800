import {
  CalendarFeedParamsSchema,
  MeetingIdParamsSchema,
  type CalendarFeedUrlResponse,
} from '@meetings/contracts';
import { CurrentUser, Public, type AuthUser } from '@meetings/service-kit';
import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CalendarService } from './calendar.service.js';
import { CALENDAR_CONTENT_TYPE } from './ics.js';

@ApiTags('calendar')
@Controller('api')
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  /** Anyone who may read the meeting may add it to their calendar. */
  @Get('meetings/:id/calendar.ics')
  async meetingFile(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingIdParamsSchema }) params: { id: string },
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    const file = await this.calendar.meetingFile(user, params.id);
    return reply
      .header('content-type', CALENDAR_CONTENT_TYPE)
      .header('content-disposition', 'attachment; filename="meeting.ics"')
      .header('cache-control', 'private, no-store')
      .send(file);
  }

  @Get('calendar/feed-url')
  async feedUrl(@CurrentUser() user: AuthUser): Promise<CalendarFeedUrlResponse> {
    return { url: await this.calendar.feedUrl(user) };
  }

  @Post('calendar/feed-url/rotate')
  @HttpCode(200)
  async rotateFeedUrl(@CurrentUser() user: AuthUser): Promise<CalendarFeedUrlResponse> {
    return { url: await this.calendar.rotateFeedUrl(user) };
  }

  /** Calendar applications fetch it without a session: the secret address is the credential. */
  @Public()
  @Get('calendar/feed/:token/meetings.ics')
  async feed(
    @Param({ schema: CalendarFeedParamsSchema }) params: { token: string },
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    const file = await this.calendar.feed(params.token);
    return reply
      .header('content-type', CALENDAR_CONTENT_TYPE)
      .header('cache-control', 'private, no-store')
      .send(file);
  }
}
