import { LOGGER, SERVICE_CONFIG } from '@meetings/service-kit';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Logger } from 'pino';
import { logsLoginCodes, type AuthEnv } from '../config.js';

export interface LoginCodeMail {
  to: string;
  code: string;
  productName: string;
}

/**
 * Sends the login code over SMTP (nodemailer). Outside production without SMTP_URL (the
 * zero-install default), or with LOG_LOGIN_CODES=true, the code is written to the log, which is
 * how a developer signs in locally; production refuses to start with neither (config.ts).
 */
@Injectable()
export class MailerService implements OnModuleDestroy {
  private readonly transport: Transporter | null;
  private readonly logCodes: boolean;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: AuthEnv,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.transport = config.SMTP_URL
      ? nodemailer.createTransport({
          url: config.SMTP_URL,
          connectionTimeout: 5_000,
          greetingTimeout: 5_000,
          socketTimeout: 10_000,
        } as SMTPTransport.Options)
      : null;
    this.logCodes = logsLoginCodes(config);
  }

  async sendLoginCode(mail: LoginCodeMail): Promise<void> {
    if (this.logCodes)
      this.logger.info(`Login code for ${mail.to}: ${mail.code} (valid for 10 minutes)`);
    if (!this.transport) return;
    await this.transport.sendMail({
      from: { name: mail.productName, address: this.config.MAIL_FROM_ADDRESS },
      to: mail.to,
      subject: `Your ${mail.productName} login code: ${mail.code}`,
      text: [
        `Your ${mail.productName} login code is ${mail.code}`,
        '',
        'Enter it on the sign-in page within 10 minutes. It works once.',
        'If you did not ask to sign in, you can ignore this message.',
        '',
        `— ${mail.productName}`,
      ].join('\n'),
    });
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
