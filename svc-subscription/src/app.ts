import 'reflect-metadata';
import { startService, type ServiceDefinition, type StartOptions } from '@meetings/service-kit';
import { SubscriptionEnvSchema } from './config.js';
import { SubscriptionTables1763800000200 } from './migrations/1763800000200-subscription-tables.js';
import { SubscriptionEntity } from './subscriptions/subscription.entity.js';
import { SubscriptionModule } from './subscription.module.js';

export const subscriptionService: ServiceDefinition<typeof SubscriptionEnvSchema> = {
  name: 'svc-subscription',
  schema: 'subscription',
  defaultPort: 4002,
  module: SubscriptionModule,
  entities: [SubscriptionEntity],
  migrations: [SubscriptionTables1763800000200],
  env: SubscriptionEnvSchema,
  openapi: {
    title: 'svc-subscription',
    description: 'Trial, free and Premium plans; entitlement for other services.',
  },
};

export function startSubscriptionService(options?: StartOptions) {
  return startService(subscriptionService, options);
}
