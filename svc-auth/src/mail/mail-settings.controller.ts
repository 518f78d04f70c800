import {
  MailSettingsSchema,
  UnsubscribeQuerySchema,
  type MailSettings,
  type UnsubscribeQuery,
} from '@meetings/contracts';
import { CurrentUser, Errors, Public, type AuthUser } from '@meetings/service-kit';
import { Body, Controller, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MailSettingsService } from './mail-settings.service.js';
import { unsubscribePage } from './unsubscribe-page.js';
import { UnsubscribeTokens } from './unsubscribe-tokens.service.js';

/**
 * The signed-in user's mail settings, and the digest's unsubscribe link, which works without a
 * session: the token in the address says whose digest it stops (RFC 8058).
 */
@ApiTags('auth')
@Controller('api/auth')
export class MailSettingsController {
  constructor(
    private readonly settings: MailSettingsService,
    private readonly tokens: UnsubscribeTokens,
  ) {}

  @Get('mail-settings')
  async get(@CurrentUser() user: AuthUser): Promise<MailSettings> {
    return { dailyDigest: await this.settings.dailyDigest(user.email) };
  }

  @Put('mail-settings')
  async put(
    @CurrentUser() user: AuthUser,
    @Body({ schema: MailSettingsSchema }) body: MailSettings,
  ): Promise<MailSettings> {
    await this.settings.setDailyDigest(user.email, body.dailyDigest);
    return body;
  }

  /** The link in the mail, opened in a browser: a page to confirm (link scanners open it too). */
  @Public()
  @Get('unsubscribe')
  confirm(
    @Query({ schema: UnsubscribeQuerySchema }) query: UnsubscribeQuery,
    @Res() reply: FastifyReply,
  ): FastifyReply {
    this.addressOf(query.token);
    return html(reply, unsubscribePage('confirm'));
  }

  /** One-click (RFC 8058: `List-Unsubscribe=One-Click` posted to the link) or the page's button. */
  @Public()
  @Post('unsubscribe')
  @HttpCode(200)
  async unsubscribe(
    @Query({ schema: UnsubscribeQuerySchema }) query: UnsubscribeQuery,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    await this.settings.setDailyDigest(this.addressOf(query.token), false);
    return html(reply, unsubscribePage('done'));
  }

  /** A bad link is refused like any bad input (400, the platform's error body), changing nothing. */
  private addressOf(token: string | undefined): string {
    const email = this.tokens.verify(token);
    if (!email) throw Errors.validation(INVALID_LINK, 'token');
    return email;
  }
}

const INVALID_LINK =
  'This unsubscribe link is not valid. Use the link in a recent digest, or change the setting after signing in.';

function html(reply: FastifyReply, body: string): FastifyReply {
  return reply
    .status(200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(body);
}
