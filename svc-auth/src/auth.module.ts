import { Module } from '@nestjs/common';
import { AuthController } from './identity/auth.controller.js';
import { InternalController } from './identity/internal.controller.js';
import { SigningKeysService } from './keys/signing-keys.service.js';
import { MailerService } from './mail/mailer.service.js';
import { LoginCodesService } from './otp/login-codes.service.js';
import { PrivacyService } from './privacy/privacy.service.js';
import { SessionsService } from './sessions/sessions.service.js';
import { TimeZoneService } from './settings/time-zone.service.js';

@Module({
  controllers: [AuthController, InternalController],
  providers: [
    SigningKeysService,
    SessionsService,
    LoginCodesService,
    MailerService,
    PrivacyService,
    TimeZoneService,
  ],
})
export class AuthModule {}
