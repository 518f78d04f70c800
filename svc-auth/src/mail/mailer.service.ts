import { LOGGER, SERVICE_CONFIG } from '@meetings/service-kit';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import pRetry from 'p-retry';
import type { Logger } from 'pino';
import { logsLoginCodes, type AuthEnv } from '../config.js';
import type { RenderedMail } from './templates.js';

export interface OutgoingMail extends Partial<Pick<RenderedMail, 'html'>> {
  to: string;
  subject: string;
  text: string;
  /** The sender's display name (the tenant's product name); the address is MAIL_FROM_ADDRESS. */
  senderName: string;
  headers?: Record<string, string>;
  /** What the log says the mail was (never its content: links in it carry tokens). */
  kind: string;
}

/** The SMTP server refused the message for good (a 5xx reply): trying again would not help. */
export class MailRejectedError extends Error {
  constructor(cause: unknown) {
    super('The mail server refused the message', { cause });
    this.name = 'MailRejectedError';
  }
}

/**
 * The one place outgoing mail leaves the platform (docs/adr/0008): the SMTP settings, the
 * retries, and the only code that talks to the server. Outside production without SMTP_URL (the
 * zero-install default), or with LOG_LOGIN_CODES=true, login codes are written to the log, which
 * is how a developer signs in locally; production refuses to start with neither (config.ts).
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

  async sendLoginCode(to: string, code: string, productName: string): Promise<void> {
    if (this.logCodes) this.logger.info(`Login code for ${to}: ${code} (valid for 10 minutes)`);
    // Someone is waiting on the sign-in page: one more attempt at most.
    await this.send(
      {
        kind: 'login code',
        to,
        senderName: productName,
        subject: `Your ${productName} login code: ${code}`,
        text: [
          `Your ${productName} login code is ${code}`,
          '',
          'Enter it on the sign-in page within 10 minutes. It works once.',
          'If you did not ask to sign in, you can ignore this message.',
          '',
          `— ${productName}`,
        ].join('\n'),
      },
      1,
    );
  }

  /**
   * Sends one message, trying again (with growing waits) when the server cannot be reached or
   * answers a temporary 4xx; a 5xx refusal throws MailRejectedError at once.
   */
  async send(mail: OutgoingMail, retries = this.config.MAIL_RETRIES): Promise<void> {
    const transport = this.transport;
    if (!transport) {
      this.logger.debug({ to: mail.to, kind: mail.kind }, 'no SMTP server: mail not sent');
      return;
    }
    await pRetry(
      async () => {
        try {
          await transport.sendMail({
            from: { name: mail.senderName, address: this.config.MAIL_FROM_ADDRESS },
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            ...(mail.html ? { html: mail.html } : {}),
            ...(mail.headers ? { headers: mail.headers } : {}),
          });
        } catch (error) {
          // A 5xx, or an address nodemailer cannot put on the envelope, will not pass on a retry.
          const { responseCode, code } = error as { responseCode?: number; code?: string };
          if ((responseCode !== undefined && responseCode >= 500) || code === 'EENVELOPE')
            throw new MailRejectedError(error);
          throw error;
        }
      },
      {
        retries,
        minTimeout: 200,
        maxTimeout: 5_000,
        shouldRetry: ({ error }) => !(error instanceof MailRejectedError),
        onFailedAttempt: ({ error, attemptNumber, retriesLeft }) => {
          if (retriesLeft > 0)
            this.logger.warn(
              { to: mail.to, kind: mail.kind, attemptNumber, err: { message: error.message } },
              'mail not sent, trying again',
            );
        },
      },
    );
    this.logger.info({ to: mail.to, kind: mail.kind }, 'mail sent');
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
