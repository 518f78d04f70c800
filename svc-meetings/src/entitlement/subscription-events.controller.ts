import {
  envelopeOf,
  Subjects,
  SubscriptionChangedSchema,
  type EventEnvelope,
  type SubscriptionChanged,
} from '@meetings/contracts';
import { Outbox } from '@meetings/service-kit';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { EntitlementService } from './entitlement.service.js';

/** Consumer name under which applied events are recorded. */
export const ENTITLEMENT_CONSUMER = 'svc-meetings.entitlements';

@Controller()
export class SubscriptionEventsController {
  constructor(
    private readonly entitlements: EntitlementService,
    private readonly outbox: Outbox,
  ) {}

  /** A plan changed: forget the cached answer, then keep the plan; a failure brings the event again. */
  @EventPattern(Subjects.SubscriptionChanged, { durable: 'svc-meetings_entitlements' })
  async onSubscriptionChanged(
    @Payload({ schema: envelopeOf(SubscriptionChangedSchema) })
    event: EventEnvelope<SubscriptionChanged>,
  ): Promise<void> {
    // Also for a repeated event: forgetting a cached answer again only costs one more question.
    await this.entitlements.forget(event.data.userId);
    await this.outbox.consumeOnce(ENTITLEMENT_CONSUMER, event.id, (tx) =>
      this.entitlements.changed(tx, event.data),
    );
  }
}
