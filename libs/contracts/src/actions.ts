import { z } from 'zod';
import {
  CalendarDateSchema,
  EmailSchema,
  IdSchema,
  PageQuerySchema,
  PagingSchema,
  QueryBooleanSchema,
  SearchTextSchema,
} from './common.js';
import { DUE_FILTERS, EMAIL_MAX_LENGTH } from './constants.js';
import { ValidationMessages } from './messages.js';
import { BROWSER_EMAIL, EMAIL_SHAPE } from './shapes.js';
import { ActionItemSchema, MeetingOwnerSchema } from './meetings.js';

export const HashtagQuerySchema = z
  .string()
  .trim()
  .max(100)
  .transform((tag) => tag.replace(/^#/, ''))
  .pipe(z.string().regex(/^[\w-]*$/, 'A hashtag is made of letters, digits, _ and -.'));

/** `me` (the caller) or an e-mail address, compared in lower case. */
const AssigneeFilterSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, { abort: true, message: ValidationMessages.assigneeFilterInvalid })
  .toLowerCase()
  .refine(
    (value) => value === 'me' || (EMAIL_SHAPE.test(value) && BROWSER_EMAIL.test(value)),
    ValidationMessages.assigneeFilterInvalid,
  );

export const ListActionsQuerySchema = PageQuerySchema.extend({
  search: SearchTextSchema.optional(),
  hashtag: HashtagQuerySchema.optional(),
  showCompleted: QueryBooleanSchema.default(false),
  assignee: AssigneeFilterSchema.optional(),
  /** Judged in the caller's time zone; `overdue` is open actions due before today. */
  due: z.enum(DUE_FILTERS, ValidationMessages.dueFilterInvalid).optional(),
  /** `due`: by due date, undated last; without it the list's own order. */
  sort: z.enum(['due'], ValidationMessages.sortInvalid).optional(),
});
export type ListActionsQuery = z.infer<typeof ListActionsQuerySchema>;

/** How far `GET /api/actions/count` counts: a badge shows "99+" beyond 99. */
export const ACTION_COUNT_LIMIT = 100;

/** `GET /api/actions/count`: the list's filters, without paging or order. */
export const CountActionsQuerySchema = ListActionsQuerySchema.omit({
  page: true,
  pageSize: true,
  sort: true,
});
export type CountActionsQuery = z.infer<typeof CountActionsQuerySchema>;
/** How many actions the filters find, counted up to ACTION_COUNT_LIMIT. */
export const CountActionsResponseSchema = z.object({ count: z.number().int() });
export type CountActionsResponse = z.infer<typeof CountActionsResponseSchema>;

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

// ---------- svc-actions' internal routes for the daily digest (svc-auth asks) ----------

/**
 * `GET /internal/actions/digest-recipients`: the addresses with an open action due on or before
 * `through` (overdue included) in a meeting they can see, in address order, a page at a time.
 */
export const DigestRecipientsQuerySchema = z.strictObject({
  through: CalendarDateSchema,
  after: z.string().max(EMAIL_MAX_LENGTH).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});
export type DigestRecipientsQuery = z.infer<typeof DigestRecipientsQuerySchema>;

export const DigestRecipientsResponseSchema = z.object({
  recipients: z.array(z.string()),
  /** Pass as `after` for the next page; absent on the last one. */
  next: z.string().optional(),
});
export type DigestRecipientsResponse = z.infer<typeof DigestRecipientsResponseSchema>;

/** `GET /internal/actions/digest`: one address's open actions due on or before `through`. */
export const DigestActionsQuerySchema = z.strictObject({
  assignee: EmailSchema,
  through: CalendarDateSchema,
});
export type DigestActionsQuery = z.infer<typeof DigestActionsQuerySchema>;

/** Grouped by meeting (meetings by their earliest due action), actions by due date. */
export const DigestActionsResponseSchema = z.object({
  meetings: z.array(
    z.object({
      id: IdSchema,
      title: z.string(),
      actions: z.array(z.object({ id: IdSchema, text: z.string(), dueDate: z.string() })),
    }),
  ),
});
export type DigestActionsResponse = z.infer<typeof DigestActionsResponseSchema>;
