import { secret, ServiceEnvSchema } from '@meetings/service-kit';
import { z } from 'zod';

export const ActionsEnvSchema = ServiceEnvSchema.extend({
  /** svc-meetings' management port, where its internal routes are (the export a rebuild reads). */
  MEETINGS_INTERNAL_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:4103'),
  /** Enables the operator routes under /internal/index (rebuild); off when unset. */
  OPERATOR_TOKEN: secret(z.string().min(24).optional()),
  /** Rebuild the index from svc-meetings at start when it is empty (new deployment, data loss). */
  INDEX_REBUILD_ON_START: z.stringbool().default(true),
  /** Meetings asked of svc-meetings per export page during a rebuild. */
  INDEX_REBUILD_PAGE_SIZE: z.coerce.number().int().min(1).max(1000).default(200),
});
export type ActionsEnv = z.infer<typeof ActionsEnvSchema>;
