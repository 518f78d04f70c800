import { z } from 'zod';
import {
  IdSchema,
  PageQuerySchema,
  PagingSchema,
  QueryBooleanSchema,
  SearchTextSchema,
} from './common.js';
import { ActionItemSchema, MeetingOwnerSchema } from './meetings.js';

export const HashtagQuerySchema = z
  .string()
  .trim()
  .max(100)
  .transform((tag) => tag.replace(/^#/, ''))
  .pipe(z.string().regex(/^[\w-]*$/, 'A hashtag is made of letters, digits, _ and -.'));

export const ListActionsQuerySchema = PageQuerySchema.extend({
  search: SearchTextSchema.optional(),
  hashtag: HashtagQuerySchema.optional(),
  showCompleted: QueryBooleanSchema.default(false),
});
export type ListActionsQuery = z.infer<typeof ListActionsQuerySchema>;

export const ActionsMeetingGroupSchema = z.object({
  _id: IdSchema,
  id: IdSchema,
  title: z.string(),
  date: z.string(),
  owner: MeetingOwnerSchema,
  actions: z.array(ActionItemSchema),
});
export type ActionsMeetingGroup = z.infer<typeof ActionsMeetingGroupSchema>;

export const ListActionsResponseSchema = PagingSchema.extend({
  meetings: z.array(ActionsMeetingGroupSchema),
});
export type ListActionsResponse = z.infer<typeof ListActionsResponseSchema>;

export const ActionStatusParamsSchema = z.strictObject({ meetingId: IdSchema, actionId: IdSchema });
export const ActionStatusBodySchema = z.strictObject({ completed: z.boolean() });
export type ActionStatusBody = z.infer<typeof ActionStatusBodySchema>;

export const ActionStatusResponseSchema = z.object({
  action: ActionItemSchema.extend({ meetingId: IdSchema }),
});
export type ActionStatusResponse = z.infer<typeof ActionStatusResponseSchema>;

export const HashtagSuggestionsQuerySchema = z.strictObject({
  q: HashtagQuerySchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const HashtagSuggestionsResponseSchema = z.object({ hashtags: z.array(z.string()) });
export type HashtagSuggestionsResponse = z.infer<typeof HashtagSuggestionsResponseSchema>;
