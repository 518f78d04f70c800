import {
  envelopeOf,
  RecapRequestedSchema,
  Subjects,
  type EventEnvelope,
  type RecapRequested,
} from '@meetings/contracts';
import { Outbox, SERVICE_CONFIG } from '@meetings/service-kit';
import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { AuthEnv } from '../config.js';
import { MailerService, MailRejectedError } from './mailer.service.js';
import { recapContent } from './recap-content.js';

/** The inbox name under which each recipient's recap is recorded (`<name>:<address>`). */
export const RECAP_MAIL_CONSUMER = 'svc-auth.recap-mail';

/**
 * Mails a meeting's recap to each recipient. Each address is recorded in the inbox in the same
 * transaction as its own send, so a redelivery (after one send failed) mails only those not yet
 * mailed, and none twice.
 */
@Controller()
export class RecapMailController {
  constructor(
    private readonly outbox: Outbox,
    private readonly mailer: MailerService,
    @Inject(SERVICE_CONFIG) private readonly config: AuthEnv,
  ) {}

  @EventPattern(Subjects.RecapRequested, { durable: 'svc-auth_recap-requested' })
  async onRecap(
    @Payload({ schema: envelopeOf(RecapRequestedSchema) }) event: EventEnvelope<RecapRequested>,
  ): Promise<void> {
    const mail = recapContent(event.data, {
      productName: this.config.PRODUCT_NAME,
      baseUrl: this.config.PUBLIC_BASE_URL,
    });
    for (const recipient of event.data.recipients) {
      await this.outbox.consumeOnce(`${RECAP_MAIL_CONSUMER}:${recipient}`, event.id, async () => {
        try {
          await this.mailer.send({
            kind: 'meeting recap',
            to: recipient,
            senderName: this.config.PRODUCT_NAME,
            ...mail,
          });
        } catch (error) {
          // A refused address stays refused: recorded as handled rather than retried.
          if (!(error instanceof MailRejectedError)) throw error;
        }
      });
    }
  }
}
