import { ResolveSessionBodySchema, type SessionResolution } from '@meetings/contracts';
import { Public } from '@meetings/service-kit';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { JWK } from 'jose';
import { SigningKeysService } from '../keys/signing-keys.service.js';
import { SessionsService } from '../sessions/sessions.service.js';

/**
 * Calls from inside the platform, never routed by the gateway: the public keys services verify
 * internal tokens with, and the gateway's exchange of a session token for an internal token.
 */
@ApiExcludeController()
@Controller('internal')
export class InternalController {
  constructor(
    private readonly keys: SigningKeysService,
    private readonly sessions: SessionsService,
  ) {}

  @Public()
  @Get('jwks')
  jwks(): { keys: JWK[] } {
    return this.keys.jwks();
  }

  @Public()
  @Post('sessions/resolve')
  @HttpCode(200)
  resolve(
    @Body({ schema: ResolveSessionBodySchema }) body: { token: string },
  ): Promise<SessionResolution> {
    return this.sessions.resolve(body.token);
  }
}
