import {
  RequestOtpBodySchema,
  ServerMessages,
  TimeZoneBodySchema,
  ValidateOtpBodySchema,
  type AuthStatus,
  type PrivacyStatus,
  type RequestOtpBody,
  type RequestOtpResponse,
  type TimeZoneBody,
  type TimeZoneResponse,
  type ValidateOtpBody,
  type ValidateOtpResponse,
} from '@meetings/contracts';
import { CurrentUser, Public, SERVICE_CONFIG, type AuthUser } from '@meetings/service-kit';
import { Body, Controller, Get, HttpCode, Inject, Post, Put, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthEnv } from '../config.js';
import { LoginCodesService } from '../otp/login-codes.service.js';
import {
  clearSessionCookies,
  isSecureRequest,
  setSessionCookie,
} from '../sessions/session-cookie.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { AccountService } from './account.service.js';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly codes: LoginCodesService,
    private readonly sessions: SessionsService,
    private readonly account: AccountService,
    @Inject(SERVICE_CONFIG) private readonly config: AuthEnv,
  ) {}

  @Public()
  @Post('request-otp')
  @HttpCode(200)
  async requestOtp(
    @Body({ schema: RequestOtpBodySchema }) body: RequestOtpBody,
    @Req() request: FastifyRequest,
  ): Promise<RequestOtpResponse> {
    const outcome = await this.codes.request(
      body.email,
      request.ip,
      productName(request, this.config.PRODUCT_NAME),
    );
    return {
      success: true,
      message: outcome === 'sent' ? ServerMessages.otpSent : ServerMessages.otpStillValid,
    };
  }

  @Public()
  @Post('validate-otp')
  @HttpCode(200)
  async validateOtp(
    @Body({ schema: ValidateOtpBodySchema }) body: ValidateOtpBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ValidateOtpResponse> {
    const user = await this.codes.verify(body.email, body.code, request.ip);
    await this.account.timeZoneFromBrowser(user.id, body.timeZone);
    const session = await this.sessions.create(user.id);
    setSessionCookie(
      reply,
      session.token,
      session.maxAgeSeconds,
      isSecureRequest(request, this.config.COOKIE_SECURE),
    );
    return { success: true, message: ServerMessages.loginSuccessful, user, token: session.token };
  }

  @Post('logout')
  @HttpCode(200)
  async logout(
    @CurrentUser() user: AuthUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ success: true }> {
    await this.sessions.revoke(user.sessionId, user.id);
    clearSessionCookies(reply, isSecureRequest(request, this.config.COOKIE_SECURE));
    return { success: true };
  }

  @Get('status')
  status(@CurrentUser() user: AuthUser): AuthStatus {
    return {
      authenticated: true,
      user: { id: user.id, email: user.email },
      timeZone: user.timeZone,
    };
  }

  /** The settings' time zone. The gateway asks for a new internal token after it, so it applies at once. */
  @Put('time-zone')
  async setTimeZone(
    @CurrentUser() user: AuthUser,
    @Body({ schema: TimeZoneBodySchema }) body: TimeZoneBody,
  ): Promise<TimeZoneResponse> {
    await this.account.setTimeZone(user.id, body.timeZone);
    return { success: true, timeZone: body.timeZone };
  }

  @Post('accept-privacy')
  @HttpCode(200)
  async acceptPrivacy(
    @CurrentUser() user: AuthUser,
  ): Promise<{ success: true; hasAcceptedPrivacy: true }> {
    await this.account.acceptPrivacy(user.id);
    return { success: true, hasAcceptedPrivacy: true };
  }

  @Get('privacy-status')
  async privacyStatus(@CurrentUser() user: AuthUser): Promise<PrivacyStatus> {
    return { hasAcceptedPrivacy: await this.account.hasAcceptedPrivacy(user.id) };
  }
}

/** The tenant's product name, as the gateway resolved it from the host; else the default. */
function productName(request: FastifyRequest, fallback: string): string {
  const header = request.headers['x-product-name'];
  const value =
    typeof header === 'string'
      ? header
          .replace(/[\r\n]/g, '')
          .trim()
          .slice(0, 60)
      : '';
  return value || fallback;
}
