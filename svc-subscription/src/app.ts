import 'reflect-metadata';
import { startService, type ServiceDefinition, type StartOptions } from '@meetings/service-kit';
import { SubscriptionEnvSchema } from './config.js';
import { Initial1795701086944 } from './migrations/1795701086944-Initial.js';
import { SubscriptionEntity } from './subscriptions/subscription.entity.js';
import { SubscriptionModule } from './subscription.module.js';

export const subscriptionService: ServiceDefinition<typeof SubscriptionEnvSchema> = {
  name: 'svc-subscription',
  schema: 'subscription',
  defaultPort: 4002,
  module: SubscriptionModule,
  entities: [SubscriptionEntity],
  migrations: [Initial1795701086944],
  env: SubscriptionEnvSchema,
  openapi: {
    title: 'svc-subscription',
    description: 'Trial, free and Premium plans; entitlement for other services.',
  },
};

export function startSubscriptionService(options?: StartOptions) {
  return startService(subscriptionService, options);
}
