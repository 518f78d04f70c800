import {
  ENTITLEMENT_PATH,
  envelopeOf,
  Subjects,
  UpdateSubscriptionBodySchema,
  type Entitlement,
  type EventEnvelope,
  type SubscriptionStatus,
  type UpdateSubscriptionBody,
  type UserRegistered,
  UserRegisteredSchema,
} from '@meetings/contracts';
import {
  CurrentUser,
  OperatorTokenGuard,
  Outbox,
  Public,
  type AuthUser,
} from '@meetings/service-kit';
import { Body, Controller, Get, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { SubscriptionsService } from './subscriptions.service.js';

const TrialEndBodySchema = z.strictObject({
  email: z.string().trim().toLowerCase().email(),
  trialExpiresOn: z.iso.datetime({ offset: true }),
});

/** The plan calls sit under /api/auth/ in the product's API; the gateway routes them here. */
@ApiTags('subscription')
@Controller()
export class SubscriptionsController {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly outbox: Outbox,
  ) {}

  @Get('api/auth/subscription-status')
  status(@CurrentUser() user: AuthUser): Promise<SubscriptionStatus> {
    return this.subscriptions.status(user.id, user.email);
  }

  @Post('api/auth/acknowledge-trial')
  @HttpCode(200)
  async acknowledgeTrial(
    @CurrentUser() user: AuthUser,
  ): Promise<SubscriptionStatus & { success: true }> {
    return { success: true, ...(await this.subscriptions.acknowledgeTrial(user.id, user.email)) };
  }

  @Post('api/auth/update-subscription')
  @HttpCode(200)
  async update(
    @CurrentUser() user: AuthUser,
    @Body({ schema: UpdateSubscriptionBodySchema }) body: UpdateSubscriptionBody,
  ): Promise<SubscriptionStatus & { success: true }> {
    return {
      success: true,
      ...(await this.subscriptions.update(user.id, user.email, body.status)),
    };
  }

  /** Support tooling, reachable only inside the platform and only with the operator token. */
  @ApiExcludeEndpoint()
  @Public()
  @UseGuards(OperatorTokenGuard)
  @Put('internal/subscriptions/trial-end')
  setTrialEnd(
    @Body({ schema: TrialEndBodySchema }) body: z.infer<typeof TrialEndBodySchema>,
  ): Promise<SubscriptionStatus> {
    return this.subscriptions.setTrialEnd(body.email, new Date(body.trialExpiresOn));
  }

  /** Starts the trial when a user first signs in. */
  @EventPattern(Subjects.UserRegistered, { durable: 'svc-subscription_trials' })
  async onUserRegistered(
    @Payload({ schema: envelopeOf(UserRegisteredSchema) }) event: EventEnvelope<UserRegistered>,
  ): Promise<void> {
    await this.outbox.consumeOnce('svc-subscription.trials', event.id, async (manager, emit) => {
      await this.subscriptions.ensure(
        manager,
        emit,
        event.data.userId,
        event.data.email,
        new Date(event.data.registeredAt),
      );
    });
  }

  /**
   * What a user may do, for other services (svc-meetings caches it), asked with that user's own
   * internal token: a service can learn only the plan of the user it is serving.
   */
  @ApiExcludeEndpoint()
  @Get(ENTITLEMENT_PATH)
  entitlement(@CurrentUser() user: AuthUser): Promise<Entitlement> {
    return this.subscriptions.entitlement(user.id, user.email);
  }
}
