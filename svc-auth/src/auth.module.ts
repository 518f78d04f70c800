import { Module } from '@nestjs/common';
import { DigestScheduler } from './digest/digest-scheduler.service.js';
import { DigestSender } from './digest/digest-sender.service.js';
import { AccountService } from './identity/account.service.js';
import { AuthController } from './identity/auth.controller.js';
import { InternalController } from './identity/internal.controller.js';
import { SigningKeysService } from './keys/signing-keys.service.js';
import { EventMailController } from './mail/event-mail.controller.js';
import { MailSettingsController } from './mail/mail-settings.controller.js';
import { MailSettingsService } from './mail/mail-settings.service.js';
import { MailerService } from './mail/mailer.service.js';
import { UnsubscribeTokens } from './mail/unsubscribe-tokens.service.js';
import { LoginCodesService } from './otp/login-codes.service.js';
import { SessionsService } from './sessions/sessions.service.js';

@Module({
  controllers: [AuthController, InternalController, MailSettingsController, EventMailController],
  providers: [
    SigningKeysService,
    SessionsService,
    LoginCodesService,
    MailerService,
    AccountService,
    MailSettingsService,
    UnsubscribeTokens,
    DigestSender,
    DigestScheduler,
  ],
})
export class AuthModule {}
