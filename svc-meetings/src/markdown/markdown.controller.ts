import { MeetingIdParamsSchema } from '@meetings/contracts';
import { CurrentUser, type AuthUser } from '@meetings/service-kit';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MarkdownService } from './markdown.service.js';

@ApiTags('meetings')
@Controller('api/meetings')
export class MarkdownController {
  constructor(private readonly markdown: MarkdownService) {}

  @Get(':id/export.md')
  async export(
    @CurrentUser() user: AuthUser,
    @Param({ schema: MeetingIdParamsSchema }) params: { id: string },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const { fileName, markdown } = await this.markdown.export(user, params.id);
    reply
      .header('content-type', 'text/markdown; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`);
    return markdown;
  }
}
