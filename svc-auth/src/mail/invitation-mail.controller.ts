import {
  envelopeOf,
  MeetingSharedSchema,
  Subjects,
  type EventEnvelope,
  type MeetingShared,
} from '@meetings/contracts';
import { SERVICE_CONFIG } from '@meetings/service-kit';
import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { AuthEnv } from '../config.js';
import { EventMailService } from './event-mail.service.js';
import { invitationMail } from './templates.js';

/** The inbox name under which mailed invitations are recorded. */
export const INVITATION_MAIL_CONSUMER = 'svc-auth.invitation-mail';

/** Mails an address a meeting was newly shared with, once (EventMailService). */
@Controller()
export class InvitationMailController {
  constructor(
    private readonly eventMail: EventMailService,
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
    await this.eventMail.sendOnce(INVITATION_MAIL_CONSUMER, event.id, {
      kind: 'meeting shared',
      to: shared.sharedWith,
      ...mail,
    });
  }
}
