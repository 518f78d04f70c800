import { Outbox, SERVICE_CONFIG } from '@meetings/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { AuthEnv } from '../config.js';
import { MailerService, MailRejectedError, type OutgoingMail } from './mailer.service.js';

/**
 * Mail that an event asks for, sent once. The send is recorded in the inbox (under `consumer` and
 * the event's id) in the same transaction, so a redelivery of a mailed event sends nothing; a send
 * that fails undoes the record and the bus brings the event again (its bounded retries, then the
 * dead-letter subject). A refused address stays refused: recorded as handled, not retried.
 */
@Injectable()
export class EventMailService {
  constructor(
    private readonly outbox: Outbox,
    private readonly mailer: MailerService,
    @Inject(SERVICE_CONFIG) private readonly config: AuthEnv,
  ) {}

  async sendOnce(
    consumer: string,
    eventId: string,
    mail: Omit<OutgoingMail, 'senderName'>,
  ): Promise<void> {
    await this.outbox.consumeOnce(consumer, eventId, async () => {
      try {
        await this.mailer.send({ senderName: this.config.PRODUCT_NAME, ...mail });
      } catch (error) {
        if (!(error instanceof MailRejectedError)) throw error;
      }
    });
  }
}
