import {
  envelopeOf,
  MeetingSharedSchema,
  Subjects,
  type EventEnvelope,
  type MeetingShared,
} from '@meetings/contracts';
import { Outbox, SERVICE_CONFIG } from '@meetings/service-kit';
import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { AuthEnv } from '../config.js';
import { MailerService, MailRejectedError } from './mailer.service.js';
import { invitationMail } from './templates.js';

/** The inbox name under which mailed invitations are recorded. */
export const INVITATION_MAIL_CONSUMER = 'svc-auth.invitation-mail';

/**
 * Mails an address a meeting was newly shared with. Recorded in the inbox in the same transaction
 * as the send, like the assignment mail: a redelivery sends nothing, a failed send comes back.
 */
@Controller()
export class InvitationMailController {
  constructor(
    private readonly outbox: Outbox,
    private readonly mailer: MailerService,
    @Inject(SERVICE_CONFIG) private readonly config: AuthEnv,
  ) {}

  @EventPattern(Subjects.MeetingShared, { durable: 'svc-auth_meeting-shared' })
  async onShared(
    @Payload({ schema: envelopeOf(MeetingSharedSchema) }) event: EventEnvelope<MeetingShared>,
  ): Promise<void> {
    const shared = event.data;
    const mail = invitationMail({
      productName: this.config.PRODUCT_NAME,
      baseUrl: this.config.PUBLIC_BASE_URL,
      meetingId: shared.meetingId,
      meetingTitle: shared.meetingTitle,
      ownerEmail: shared.ownerEmail,
    });
    await this.outbox.consumeOnce(INVITATION_MAIL_CONSUMER, event.id, async () => {
      try {
        await this.mailer.send({
          kind: 'meeting shared',
          to: shared.sharedWith,
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
