import { z } from 'zod';
import {
  boundedText,
  CalendarDateSchema,
  EMAIL_SHAPE,
  IdSchema,
  MeetingDateTimeSchema,
  PageQuerySchema,
  PagingSchema,
  QueryBooleanSchema,
  SearchTextSchema,
  typedEmail,
} from './common.js';
import {
  ACTION_TEXT_MAX_LENGTH,
  AGENDA_TEXT_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  MAX_ACTION_ITEMS,
  MEETING_DURATION,
  RECURRENCE_MAX_LENGTH,
  MAX_AGENDA_ITEMS,
  NOTES_MAX_LENGTH,
  SHARE_ROLES,
  TITLE_MAX_LENGTH,
} from './constants.js';
import { ValidationMessages } from './messages.js';

// ---------- entities as the API returns them (`_id` and `id` both present) ----------

export const AgendaItemSchema = z.object({
  _id: IdSchema,
  id: IdSchema,
  text: z.string(),
  completed: z.boolean(),
  order: z.number().int(),
});
export type AgendaItem = z.infer<typeof AgendaItemSchema>;

export const ActionItemSchema = z.object({
  _id: IdSchema,
  id: IdSchema,
  text: z.string(),
  completed: z.boolean(),
  order: z.number().int(),
  hashtags: z.array(z.string()),
  /** Who owes it: a lower-cased e-mail, or null. */
  assignee: z.string().nullable(),
  /** When it is due: `YYYY-MM-DD` (a day, no time zone), or null. */
  dueDate: z.string().nullable(),
});
export type ActionItem = z.infer<typeof ActionItemSchema>;

export const ShareRoleSchema = z.enum(SHARE_ROLES);
export type ShareRole = z.infer<typeof ShareRoleSchema>;

/** What the caller may do with a meeting: the owner also deletes it and changes who it is shared with. */
export const MeetingRoleSchema = z.enum(['owner', ...ShareRoleSchema.options]);
export type MeetingRole = z.infer<typeof MeetingRoleSchema>;

export const MeetingOwnerSchema = z.object({ _id: IdSchema, id: IdSchema, email: z.string() });

export const MeetingSummarySchema = z.object({
  _id: IdSchema,
  id: IdSchema,
  title: z.string(),
  date: z.string(),
  owner: MeetingOwnerSchema,
  sharedWith: z.array(z.string()),
  isOwner: z.boolean(),
  /** An RFC 5545 RRULE (`FREQ=WEEKLY;BYDAY=MO`) the series repeats by, or null. */
  recurrence: z.string().nullable(),
  durationMinutes: z.number().int(),
});
export type MeetingSummary = z.infer<typeof MeetingSummarySchema>;

export const MeetingSchema = MeetingSummarySchema.extend({
  agenda: z.array(AgendaItemSchema),
  notes: z.string(),
  actions: z.array(ActionItemSchema),
  /** Meetings of one series share it: the recurring meeting that previous actions come from. */
  seriesId: IdSchema,
  /** The role of each address in `sharedWith`. */
  sharedRoles: z.record(z.string(), ShareRoleSchema),
  /** The caller's own role. */
  role: MeetingRoleSchema,
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Meeting = z.infer<typeof MeetingSchema>;

export const MeetingResponseSchema = z.object({ meeting: MeetingSchema });
export type MeetingResponse = z.infer<typeof MeetingResponseSchema>;

export const MeetingListResponseSchema = PagingSchema.extend({
  meetings: z.array(MeetingSummarySchema),
});
export type MeetingListResponse = z.infer<typeof MeetingListResponseSchema>;

export const PreviousActionsResponseSchema = z.object({
  meetings: z.array(
    z.object({
      _id: IdSchema,
      id: IdSchema,
      title: z.string(),
      date: z.string(),
      actions: z.array(ActionItemSchema),
    }),
  ),
});
export type PreviousActionsResponse = z.infer<typeof PreviousActionsResponseSchema>;

// ---------- requests ----------

const TitleSchema = z.string().trim().min(1, 'Meeting title is required.').max(TITLE_MAX_LENGTH);
const itemText = (maxLength: number) =>
  z.string().trim().min(1, 'Text cannot be empty.').max(maxLength);
const AgendaTextSchema = itemText(AGENDA_TEXT_MAX_LENGTH);
const ActionTextSchema = itemText(ACTION_TEXT_MAX_LENGTH);
const OrderSchema = z.number().int().min(0).max(1_000_000);
const HashtagListSchema = z.array(z.string().max(100)).max(100);

/** An update body's check: it gives at least one of `fields`. */
const givesOneOf =
  <K extends string>(...fields: K[]) =>
  (body: Partial<Record<K, unknown>>) =>
    fields.some((field) => body[field] !== undefined);

/** An action's assignee as typed: trimmed, lower-cased, an address a browser accepts; null clears. */
export const AssigneeSchema = typedEmail(ValidationMessages.assigneeInvalid).nullable();

/** An action's due day; null clears. */
export const DueDateSchema = CalendarDateSchema.nullable();

export const ListMeetingsQuerySchema = PageQuerySchema.extend({
  title: SearchTextSchema.optional(),
});
export type ListMeetingsQuery = z.infer<typeof ListMeetingsQuerySchema>;

export const CreateMeetingBodySchema = z.strictObject({
  title: TitleSchema,
  date: MeetingDateTimeSchema.optional(),
});
export type CreateMeetingBody = z.infer<typeof CreateMeetingBodySchema>;

/** The rule as typed; svc-meetings parses it (RecurrenceSchema only bounds its size). */
export const RecurrenceSchema = z
  .string()
  .trim()
  .min(1, ValidationMessages.recurrenceInvalid)
  .max(RECURRENCE_MAX_LENGTH, ValidationMessages.recurrenceInvalid)
  .nullable();

export const DurationMinutesSchema = z
  .number()
  .int(ValidationMessages.durationInvalid)
  .min(MEETING_DURATION.min, ValidationMessages.durationInvalid)
  .max(MEETING_DURATION.max, ValidationMessages.durationInvalid)
  .multipleOf(MEETING_DURATION.step, ValidationMessages.durationInvalid);

export const UpdateMeetingInfoBodySchema = z
  .strictObject({
    title: TitleSchema.optional(),
    date: MeetingDateTimeSchema.optional(),
    recurrence: RecurrenceSchema.optional(),
    durationMinutes: DurationMinutesSchema.optional(),
  })
  .refine(
    givesOneOf('title', 'date', 'recurrence', 'durationMinutes'),
    'Give a title, a date, a repeat rule or a duration.',
  );
export type UpdateMeetingInfoBody = z.infer<typeof UpdateMeetingInfoBodySchema>;

/** The three sharing messages, checked in order on the trimmed input (docs/product.md, Sharing). */
export const ShareEmailSchema = boundedText(EMAIL_MAX_LENGTH * 4, ValidationMessages.emailInvalid)
  .trim()
  .min(1, { abort: true, message: ValidationMessages.emailEmpty })
  .max(EMAIL_MAX_LENGTH, { abort: true, message: ValidationMessages.emailInvalid })
  .regex(EMAIL_SHAPE, ValidationMessages.emailInvalid)
  .toLowerCase();

export const SharedUserBodySchema = z.strictObject({ email: ShareEmailSchema });
export type SharedUserBody = z.infer<typeof SharedUserBodySchema>;

/** Sharing an address; `role` (default viewer) also changes the role of an address already shared. */
export const AddSharedUserBodySchema = SharedUserBodySchema.extend({
  role: ShareRoleSchema.optional(),
});
export type AddSharedUserBody = z.infer<typeof AddSharedUserBodySchema>;

export const AddAgendaItemBodySchema = z.strictObject({
  text: AgendaTextSchema,
  completed: z.boolean().default(false),
  order: OrderSchema.optional(),
});
export type AddAgendaItemBody = z.infer<typeof AddAgendaItemBodySchema>;

/**
 * A deleted agenda item put back ("Undo"): its text and tick as they were, at the place it had
 * (`order`, 1 for the first; past the end means last).
 */
export const RestoreAgendaItemBodySchema = z.strictObject({
  text: AgendaTextSchema,
  completed: z.boolean(),
  order: z.number().int().min(1).max(MAX_AGENDA_ITEMS),
});
export type RestoreAgendaItemBody = z.infer<typeof RestoreAgendaItemBodySchema>;

export const UpdateAgendaItemBodySchema = z
  .strictObject({
    text: AgendaTextSchema.optional(),
    completed: z.boolean().optional(),
    order: OrderSchema.optional(),
  })
  .refine(givesOneOf('text', 'completed', 'order'), 'Nothing to update.');
export type UpdateAgendaItemBody = z.infer<typeof UpdateAgendaItemBodySchema>;

/**
 * One entry of a new order. A client may send back the whole item it holds: only the ids and the
 * order are used, the item's other fields are ignored whatever they hold.
 */
const OrderEntrySchema = z
  .strictObject({
    _id: IdSchema.optional(),
    id: IdSchema.optional(),
    order: OrderSchema,
    text: z.unknown().optional(),
    completed: z.unknown().optional(),
    hashtags: z.unknown().optional(),
    assignee: z.unknown().optional(),
    dueDate: z.unknown().optional(),
  })
  .transform(({ _id, id, order }) => ({ _id, id, order }))
  .refine((e) => e._id !== undefined || e.id !== undefined, 'Each entry needs an id.')
  .refine((e) => e._id === undefined || e.id === undefined || e._id === e.id, 'id and _id differ.');

export const UpdateAgendaOrderBodySchema = z.strictObject({
  agenda: z.array(OrderEntrySchema).max(MAX_AGENDA_ITEMS),
});
export type UpdateAgendaOrderBody = z.infer<typeof UpdateAgendaOrderBodySchema>;

export const UpdateNotesBodySchema = z.strictObject({ notes: z.string().max(NOTES_MAX_LENGTH) });
export type UpdateNotesBody = z.infer<typeof UpdateNotesBodySchema>;

export const AddActionItemBodySchema = z.strictObject({
  text: ActionTextSchema,
  completed: z.boolean().default(false),
  order: OrderSchema.optional(),
  /** Accepted for compatibility; the service derives hashtags from the text. */
  hashtags: HashtagListSchema.optional(),
  assignee: AssigneeSchema.optional(),
  dueDate: DueDateSchema.optional(),
});
export type AddActionItemBody = z.infer<typeof AddActionItemBodySchema>;

/** A deleted action put back ("Undo"), with who owed it and by when; hashtags come from the text. */
export const RestoreActionItemBodySchema = z.strictObject({
  text: ActionTextSchema,
  completed: z.boolean(),
  order: z.number().int().min(1).max(MAX_ACTION_ITEMS),
  assignee: AssigneeSchema.optional(),
  dueDate: DueDateSchema.optional(),
});
export type RestoreActionItemBody = z.infer<typeof RestoreActionItemBodySchema>;

export const UpdateActionItemBodySchema = z
  .strictObject({
    text: ActionTextSchema.optional(),
    completed: z.boolean().optional(),
    order: OrderSchema.optional(),
    hashtags: HashtagListSchema.optional(),
    assignee: AssigneeSchema.optional(),
    dueDate: DueDateSchema.optional(),
  })
  // Hashtags alone change nothing: the service derives them from the text.
  .refine(givesOneOf('text', 'completed', 'order', 'assignee', 'dueDate'), 'Nothing to update.');
export type UpdateActionItemBody = z.infer<typeof UpdateActionItemBodySchema>;

export const UpdateActionOrderBodySchema = z.strictObject({
  actions: z.array(OrderEntrySchema).max(MAX_ACTION_ITEMS),
});
export type UpdateActionOrderBody = z.infer<typeof UpdateActionOrderBodySchema>;

export const AgendaOptionValues = ['all', 'incomplete'] as const;
export const ActionsOptionValues = ['none', 'move-incomplete', 'all'] as const;

export const DuplicateMeetingBodySchema = z.strictObject({
  title: TitleSchema,
  date: MeetingDateTimeSchema,
  includeShared: z.boolean(),
  agendaOption: z.enum(AgendaOptionValues),
  includeNotes: z.boolean(),
  actionsOption: z.enum(ActionsOptionValues),
});
export type DuplicateMeetingBody = z.infer<typeof DuplicateMeetingBodySchema>;

export const PreviousActionsQuerySchema = z.strictObject({
  showCompleted: QueryBooleanSchema.default(false),
});
export type PreviousActionsQuery = z.infer<typeof PreviousActionsQuerySchema>;

export const MeetingIdParamsSchema = z.strictObject({ id: IdSchema });
export const MeetingItemParamsSchema = z.strictObject({ id: IdSchema, itemId: IdSchema });

/** The private calendar feed's address (`GET /api/calendar/feed-url`, and after a reset). */
export const CalendarFeedUrlResponseSchema = z.object({ url: z.string() });
export type CalendarFeedUrlResponse = z.infer<typeof CalendarFeedUrlResponseSchema>;

/** A feed's token as it appears in its address: 43 base64url characters (32 random bytes' worth). */
export const CalendarFeedParamsSchema = z.strictObject({ token: z.string().max(200) });

/** `POST /api/meetings/{id}/send-recap`: how many addresses the recap goes to. */
export const SendRecapResponseSchema = z.object({ sent: z.number().int().min(1) });
export type SendRecapResponse = z.infer<typeof SendRecapResponseSchema>;
