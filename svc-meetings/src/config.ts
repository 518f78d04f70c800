import { ServiceEnvSchema } from '@meetings/service-kit';
import { z } from 'zod';

export const MeetingsEnvSchema = ServiceEnvSchema.extend({
  /** svc-subscription's management port, where its internal routes are (entitlements). */
  SUBSCRIPTION_INTERNAL_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:4102'),
  /** How long a user's entitlement is trusted without asking svc-subscription (events drop it sooner). */
  ENTITLEMENT_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(30_000),
  /** `self`: notes keep only images inside them (data: URIs); `any`: also remote http(s) images. */
  NOTES_IMAGES: z.enum(['self', 'any']).default('self'),
});
export type MeetingsEnv = z.infer<typeof MeetingsEnvSchema>;
