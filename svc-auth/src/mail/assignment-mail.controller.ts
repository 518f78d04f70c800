import {
  ActionAssignedSchema,
  envelopeOf,
  Subjects,
  type ActionAssigned,
  type EventEnvelope,
} from '@meetings/contracts';
import { SERVICE_CONFIG } from '@meetings/service-kit';
import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { AuthEnv } from '../config.js';
import { EventMailService } from './event-mail.service.js';
import { assignmentMail } from './templates.js';

/** The inbox name under which mailed assignments are recorded. */
export const ASSIGNMENT_MAIL_CONSUMER = 'svc-auth.assignment-mail';

/** Mails the assignee of a newly assigned action, once (EventMailService). */
@Controller()
export class AssignmentMailController {
  constructor(
    private readonly eventMail: EventMailService,
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
    await this.eventMail.sendOnce(ASSIGNMENT_MAIL_CONSUMER, event.id, {
      kind: 'action assigned',
      to: assigned.assignee,
      ...mail,
    });
  }
}
