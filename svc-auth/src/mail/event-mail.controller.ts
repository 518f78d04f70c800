import {
  ActionAssignedSchema,
  envelopeOf,
  MeetingSharedSchema,
  RecapRequestedSchema,
  Subjects,
  type ActionAssigned,
  type EventEnvelope,
  type MeetingShared,
  type RecapRequested,
} from '@meetings/contracts';
import { Outbox, SERVICE_CONFIG } from '@meetings/service-kit';
import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { AuthEnv } from '../config.js';
import { MailerService, MailRejectedError, type OutgoingMail } from './mailer.service.js';
import { recapContent } from './recap-content.js';
import { assignmentMail, invitationMail, type MailProduct } from './templates.js';

/** The inbox names under which each kind of mail sent for an event is recorded. */
export const ASSIGNMENT_MAIL_CONSUMER = 'svc-auth.assignment-mail';
export const INVITATION_MAIL_CONSUMER = 'svc-auth.invitation-mail';
/** A recap is recorded per recipient, as `<name>:<address>`. */
export const RECAP_MAIL_CONSUMER = 'svc-auth.recap-mail';

/** The mails events ask for, each sent once however often its event is delivered. */
@Controller()
export class EventMailController {
  constructor(
    private readonly outbox: Outbox,
    private readonly mailer: MailerService,
    @Inject(SERVICE_CONFIG) private readonly config: AuthEnv,
  ) {}

  /** The assignee of a newly assigned action. */
  @EventPattern(Subjects.ActionAssigned, { durable: 'svc-auth_action-assigned' })
  async onAssigned(
    @Payload({ schema: envelopeOf(ActionAssignedSchema) }) event: EventEnvelope<ActionAssigned>,
  ): Promise<void> {
    await this.sendOnce(ASSIGNMENT_MAIL_CONSUMER, event.id, {
      kind: 'action assigned',
      to: event.data.assignee,
      ...assignmentMail({ ...this.product(), ...event.data }),
    });
  }

  /** An address a meeting was newly shared with. */
  @EventPattern(Subjects.MeetingShared, { durable: 'svc-auth_meeting-shared' })
  async onShared(
    @Payload({ schema: envelopeOf(MeetingSharedSchema) }) event: EventEnvelope<MeetingShared>,
  ): Promise<void> {
    await this.sendOnce(INVITATION_MAIL_CONSUMER, event.id, {
      kind: 'meeting shared',
      to: event.data.sharedWith,
      ...invitationMail({ ...this.product(), ...event.data }),
    });
  }

  /**
   * A meeting's recap to each recipient, each address once: a redelivery after one send failed
   * mails only those not yet mailed.
   */
  @EventPattern(Subjects.RecapRequested, { durable: 'svc-auth_recap-requested' })
  async onRecap(
    @Payload({ schema: envelopeOf(RecapRequestedSchema) }) event: EventEnvelope<RecapRequested>,
  ): Promise<void> {
    const mail = recapContent(event.data, this.product());
    for (const recipient of event.data.recipients) {
      await this.sendOnce(`${RECAP_MAIL_CONSUMER}:${recipient}`, event.id, {
        kind: 'meeting recap',
        to: recipient,
        ...mail,
      });
    }
  }

  /**
   * Sends mail an event asks for, once. The send is recorded in the inbox (under `consumer` and
   * the event's id) in the same transaction, so a redelivery of a mailed event sends nothing; a send
   * that fails undoes the record and the bus brings the event again (its bounded retries, then the
   * dead-letter subject). A refused address stays refused: recorded as handled, not retried.
   */
  private async sendOnce(
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

  private product(): MailProduct {
    return { productName: this.config.PRODUCT_NAME, baseUrl: this.config.PUBLIC_BASE_URL };
  }
}
