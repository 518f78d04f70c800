import {
  envelopeOf,
  RecapRequestedSchema,
  Subjects,
  type EventEnvelope,
  type RecapRequested,
} from '@meetings/contracts';
import { SERVICE_CONFIG } from '@meetings/service-kit';
import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { AuthEnv } from '../config.js';
import { EventMailService } from './event-mail.service.js';
import { recapContent } from './recap-content.js';

/** The inbox name under which each recipient's recap is recorded (`<name>:<address>`). */
export const RECAP_MAIL_CONSUMER = 'svc-auth.recap-mail';

/**
 * Mails a meeting's recap to each recipient, each address once (EventMailService): a redelivery
 * after one send failed mails only those not yet mailed.
 */
@Controller()
export class RecapMailController {
  constructor(
    private readonly eventMail: EventMailService,
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
      await this.eventMail.sendOnce(`${RECAP_MAIL_CONSUMER}:${recipient}`, event.id, {
        kind: 'meeting recap',
        to: recipient,
        ...mail,
      });
    }
  }
}
