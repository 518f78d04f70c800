import {
  ActionAssignedSchema,
  envelopeOf,
  Subjects,
  type ActionAssigned,
  type EventEnvelope,
} from '@meetings/contracts';
import { Outbox, SERVICE_CONFIG } from '@meetings/service-kit';
import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { AuthEnv } from '../config.js';
import { MailerService, MailRejectedError } from './mailer.service.js';
import { assignmentMail } from './templates.js';

/** The inbox name under which mailed assignments are recorded. */
export const ASSIGNMENT_MAIL_CONSUMER = 'svc-auth.assignment-mail';

/**
 * Mails the assignee of a newly assigned action. Recorded in the inbox in the same transaction as
 * the send, so a redelivery of a mailed event sends nothing; a send that fails undoes the record
 * and the bus brings the event again (its bounded retries, then the dead-letter subject).
 */
@Controller()
export class AssignmentMailController {
  constructor(
    private readonly outbox: Outbox,
    private readonly mailer: MailerService,
    @Inject(SERVICE_CONFIG) private readonly config: AuthEnv,
  ) {}

  @EventPattern(Subjects.ActionAssigned, { durable: 'svc-auth_action-assigned' })
  async onAssigned(
    @Payload({ schema: envelopeOf(ActionAssignedSchema) }) event: EventEnvelope<ActionAssigned>,
  ): Promise<void> {
    const assigned = event.data;
    const mail = assignmentMail({
      productName: this.config.PRODUCT_NAME,
      baseUrl: this.config.PUBLIC_BASE_URL,
      meetingId: assigned.meetingId,
      meetingTitle: assigned.meetingTitle,
      text: assigned.text,
      assignedBy: assigned.assignedBy,
    });
    await this.outbox.consumeOnce(ASSIGNMENT_MAIL_CONSUMER, event.id, async () => {
      try {
        await this.mailer.send({
          kind: 'action assigned',
          to: assigned.assignee,
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
