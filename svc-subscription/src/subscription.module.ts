import { Module } from '@nestjs/common';
import { SubscriptionsController } from './subscriptions/subscriptions.controller.js';
import { SubscriptionsService } from './subscriptions/subscriptions.service.js';

@Module({ controllers: [SubscriptionsController], providers: [SubscriptionsService] })
export class SubscriptionModule {}
