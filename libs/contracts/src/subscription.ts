import { z } from 'zod';
import { ServerMessages } from './errors.js';

export const SubscriptionStatusValues = ['trial', 'paid', 'free'] as const;
export const SubscriptionStatusValueSchema = z.enum(SubscriptionStatusValues);
export type SubscriptionStatusValue = z.infer<typeof SubscriptionStatusValueSchema>;

export const SubscriptionStatusSchema = z.object({
  status: SubscriptionStatusValueSchema,
  trialExpiresOn: z.string(),
  daysRemaining: z.number().int(),
  hasSeenTrialNotice: z.boolean(),
  /** Epoch milliseconds of the last change of plan, 0 when never changed. */
  lastSubscriptionChangeTime: z.number(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export const UpdateSubscriptionBodySchema = z.strictObject({
  status: z.enum(['free', 'paid'], { error: ServerMessages.invalidSubscriptionStatus }),
});
export type UpdateSubscriptionBody = z.infer<typeof UpdateSubscriptionBodySchema>;

/** Where svc-subscription answers, on its management port, what the user of the caller's token may do. */
export const ENTITLEMENT_PATH = '/internal/entitlement';

/** What svc-subscription answers other services asking what a user may do. */
export const EntitlementSchema = z.object({
  userId: z.uuid(),
  status: SubscriptionStatusValueSchema,
  /** Trial not expired, or paid: may create meetings and edit the ones they own. */
  canCreate: z.boolean(),
  trialExpiresOn: z.string(),
  version: z.number().int(),
});
export type Entitlement = z.infer<typeof EntitlementSchema>;
