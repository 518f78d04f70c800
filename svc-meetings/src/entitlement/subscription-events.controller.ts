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

  /** A plan changed: keep it and forget the cached answer; a failure rolls back and the event comes again. */
  @EventPattern(Subjects.SubscriptionChanged, { durable: 'svc-meetings_entitlements' })
  async onSubscriptionChanged(
    @Payload({ schema: envelopeOf(SubscriptionChangedSchema) })
    event: EventEnvelope<SubscriptionChanged>,
  ): Promise<void> {
    await this.outbox.consumeOnce(ENTITLEMENT_CONSUMER, event.id, (tx) =>
      this.entitlements.changed(tx, event.data),
    );
  }
}
