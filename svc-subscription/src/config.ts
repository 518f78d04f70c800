import { secret, ServiceEnvSchema } from '@meetings/service-kit';
import { z } from 'zod';

export const SubscriptionEnvSchema = ServiceEnvSchema.extend({
  /** Enables the operator route that sets a user's trial end (support tooling); off when unset. */
  OPERATOR_TOKEN: secret(z.string().min(24).optional()),
});
export type SubscriptionEnv = z.infer<typeof SubscriptionEnvSchema>;
