import { Module } from '@nestjs/common';
import { ActionsClient } from './digest/actions.client.js';
import { DigestScheduler } from './digest/digest-scheduler.service.js';
import { DigestSender } from './digest/digest-sender.service.js';
import { AuthController } from './identity/auth.controller.js';
import { InternalController } from './identity/internal.controller.js';
import { SigningKeysService } from './keys/signing-keys.service.js';
import { EventMailController } from './mail/event-mail.controller.js';
import { MailSettingsController } from './mail/mail-settings.controller.js';
import { MailSettingsService } from './mail/mail-settings.service.js';
import { MailerService } from './mail/mailer.service.js';
import { EventMailService } from './mail/event-mail.service.js';
import { UnsubscribeTokens } from './mail/unsubscribe-tokens.service.js';
import { LoginCodesService } from './otp/login-codes.service.js';
import { PrivacyService } from './privacy/privacy.service.js';
import { SessionsService } from './sessions/sessions.service.js';
import { TimeZoneService } from './settings/time-zone.service.js';

@Module({
  controllers: [AuthController, InternalController, MailSettingsController, EventMailController],
  providers: [
    SigningKeysService,
    SessionsService,
    LoginCodesService,
    MailerService,
    EventMailService,
    PrivacyService,
    TimeZoneService,
    MailSettingsService,
    UnsubscribeTokens,
    ActionsClient,
    DigestSender,
    DigestScheduler,
  ],
})
export class AuthModule {}
