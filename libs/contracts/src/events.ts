import { z } from 'zod';
import { IdSchema } from './common.js';
import { ActionItemSchema } from './meetings.js';
import { SubscriptionStatusValueSchema } from './subscription.js';

/** Durable events (JetStream streams in the distributed mode, the in-process bus when embedded). */
export const Subjects = {
  UserRegistered: 'auth.user.registered',
  SessionRevoked: 'auth.session.revoked',
  SubscriptionChanged: 'subscription.changed',
  MeetingUpserted: 'meetings.meeting.upserted',
  MeetingDeleted: 'meetings.meeting.deleted',
  MeetingEdited: 'meetings.meeting.edited',
  ActionAssigned: 'meetings.meeting.action-assigned',
  MeetingShared: 'meetings.meeting.shared',
  RecapRequested: 'meetings.meeting.recap-requested',
} as const;
export type Subject = (typeof Subjects)[keyof typeof Subjects];

/** Dead letters go to `dlq.<consumer>` after the bounded retries. */
export const DEAD_LETTER_PREFIX = 'dlq';

/** One stream per producing service; consumers name the stream they read. */
export const Streams = {
  AUTH: { subjects: ['auth.user.>', 'auth.session.>'] },
  SUBSCRIPTION: { subjects: ['subscription.changed'] },
  MEETINGS: { subjects: ['meetings.meeting.>'] },
  DLQ: { subjects: [`${DEAD_LETTER_PREFIX}.>`] },
} as const;
export type StreamName = keyof typeof Streams;

export function streamForSubject(subject: string): StreamName {
  const name = (Object.keys(Streams) as StreamName[]).find((stream) =>
    Streams[stream].subjects.some((pattern) => subjectMatches(pattern, subject)),
  );
  if (!name) throw new Error(`No stream holds subject ${subject}`);
  return name;
}

/** NATS subject matching: `*` is one token, `>` the rest. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}

export const EventEnvelopeSchema = z.object({
  id: IdSchema,
  subject: z.string(),
  occurredAt: z.string(),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof EventEnvelopeSchema>, 'data'> & {
  data: T;
};

/** The envelope schema of one subject, for validating what a consumer receives. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return EventEnvelopeSchema.extend({ data });
}

export const UserRegisteredSchema = z.object({
  userId: IdSchema,
  email: z.string(),
  registeredAt: z.string(),
});
export type UserRegistered = z.infer<typeof UserRegisteredSchema>;

export const SessionRevokedSchema = z.object({ sessionId: z.string(), userId: IdSchema });
export type SessionRevoked = z.infer<typeof SessionRevokedSchema>;

export const SubscriptionChangedSchema = z.object({
  userId: IdSchema,
  email: z.string(),
  status: SubscriptionStatusValueSchema,
  trialExpiresOn: z.string(),
  version: z.number().int(),
});
export type SubscriptionChanged = z.infer<typeof SubscriptionChangedSchema>;

/** The whole of a meeting that other services may keep a copy of; `version` orders copies. */
export const MeetingSnapshotSchema = z.object({
  id: IdSchema,
  version: z.number().int(),
  title: z.string(),
  date: z.string(),
  ownerId: IdSchema,
  ownerEmail: z.string(),
  sharedWith: z.array(z.string()),
  seriesId: IdSchema,
  actions: z.array(
    ActionItemSchema.omit({ _id: true }).extend({
      // Events written before actions had them carry neither: they read as unassigned and undated.
      assignee: z.string().nullable().default(null),
      dueDate: z.string().nullable().default(null),
    }),
  ),
});
export type MeetingSnapshot = z.infer<typeof MeetingSnapshotSchema>;

export const MeetingUpsertedSchema = z.object({ meeting: MeetingSnapshotSchema });
export type MeetingUpserted = z.infer<typeof MeetingUpsertedSchema>;

export const MeetingDeletedSchema = z.object({ meetingId: IdSchema, version: z.number().int() });
export type MeetingDeleted = z.infer<typeof MeetingDeletedSchema>;

/**
 * A change to what only svc-meetings keeps (the agenda, the notes), which moves no field of the
 * snapshot: open copies of the meeting hear it (live updates); no service keeps a copy of it.
 */
export const MeetingEditedSchema = z.object({ meetingId: IdSchema, version: z.number().int() });
export type MeetingEdited = z.infer<typeof MeetingEditedSchema>;

/**
 * An action got an assignee other than the person who made the change (svc-auth mails them).
 * Written in the same transaction as the change; `assignee` and `assignedBy` are lower-cased.
 */
export const ActionAssignedSchema = z.object({
  meetingId: IdSchema,
  meetingTitle: z.string(),
  actionId: IdSchema,
  text: z.string(),
  assignee: z.string(),
  assignedBy: z.string(),
});
export type ActionAssigned = z.infer<typeof ActionAssignedSchema>;

/**
 * An address was added to a meeting's shared-with list (svc-auth mails it an invitation). Written in
 * the same transaction as the change; `sharedWith` and `ownerEmail` are lower-cased.
 */
export const MeetingSharedSchema = z.object({
  meetingId: IdSchema,
  meetingTitle: z.string(),
  ownerEmail: z.string(),
  sharedWith: z.string(),
});
export type MeetingShared = z.infer<typeof MeetingSharedSchema>;

/**
 * An editor asked for a meeting's recap (svc-auth mails each recipient once). Written in the same
 * transaction that records the send; addresses are lower-cased, `notes` is sanitised HTML without
 * images, `notesOmitted` when they were too long to carry.
 */
export const RecapRequestedSchema = z.object({
  meetingId: IdSchema,
  title: z.string(),
  date: z.string(),
  /** The sender's time zone, in which the mail shows the date. */
  timeZone: z.string(),
  ownerEmail: z.string(),
  sentBy: z.string(),
  recipients: z.array(z.string()).min(1),
  agenda: z.array(z.object({ text: z.string(), completed: z.boolean() })),
  notes: z.string(),
  notesOmitted: z.boolean(),
  actions: z.array(
    z.object({
      text: z.string(),
      completed: z.boolean(),
      assignee: z.string().nullable(),
      dueDate: z.string().nullable(),
    }),
  ),
});
export type RecapRequested = z.infer<typeof RecapRequestedSchema>;

// ---------- svc-meetings' export (GET /internal/meetings/export), for rebuilding copies ----------

export const MeetingsExportQuerySchema = z.strictObject({
  afterId: IdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(1000),
});
export type MeetingsExportQuery = z.infer<typeof MeetingsExportQuerySchema>;

export const MeetingsExportPageSchema = z.object({
  meetings: z.array(MeetingSnapshotSchema),
  nextAfterId: IdSchema.optional(),
});
export type MeetingsExportPage = z.infer<typeof MeetingsExportPageSchema>;
