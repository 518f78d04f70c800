import type {
  ActionItem,
  AgendaItem,
  Meeting,
  MeetingSnapshot,
  MeetingSummary,
} from '@meetings/contracts';
import { roleOf } from '../access/meeting-access.service.js';
import type { Caller } from '../access/caller.js';
import type { ActionFields, AgendaFields, MeetingEntity, MeetingHead } from './entities.js';

export interface FullMeeting {
  meeting: MeetingEntity;
  agenda: AgendaFields[];
  actions: ActionFields[];
}

// Entities as the API and the events show them: `_id` and `id` both, dates as ISO text.

export function agendaItemView(row: AgendaFields): AgendaItem {
  return { _id: row.id, id: row.id, text: row.text, completed: row.completed, order: row.position };
}

export function actionItemView(row: ActionFields): ActionItem {
  return {
    _id: row.id,
    id: row.id,
    text: row.text,
    completed: row.completed,
    order: row.position,
    hashtags: row.hashtags,
    assignee: row.assignee,
    dueDate: row.dueDate,
  };
}

export function meetingSummaryView(row: MeetingHead, callerId: string): MeetingSummary {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    date: row.date.toISOString(),
    owner: { _id: row.ownerId, id: row.ownerId, email: row.ownerEmail },
    sharedWith: row.sharedWith,
    isOwner: row.ownerId === callerId,
    recurrence: row.recurrence,
    durationMinutes: row.durationMinutes,
  };
}

export function meetingView(full: FullMeeting, caller: Pick<Caller, 'id' | 'email'>): Meeting {
  const { meeting } = full;
  return {
    ...meetingSummaryView(meeting, caller.id),
    agenda: full.agenda.map(agendaItemView),
    notes: meeting.notes,
    actions: full.actions.map(actionItemView),
    seriesId: meeting.seriesId,
    sharedRoles: Object.fromEntries(
      meeting.sharedWith.map((email) => [
        email,
        meeting.sharedEditors.includes(email) ? 'editor' : 'viewer',
      ]),
    ),
    // Sight was checked before the view: whoever is not owner or editor is a viewer.
    role: roleOf(meeting, caller) ?? 'viewer',
    version: meeting.version,
    createdAt: meeting.createdAt.toISOString(),
    updatedAt: meeting.updatedAt.toISOString(),
  };
}

/** What other services keep a copy of (svc-actions' index); `version` orders the copies. */
export function meetingSnapshot(
  meeting: MeetingHead,
  actions: readonly ActionFields[],
): MeetingSnapshot {
  return {
    id: meeting.id,
    version: meeting.version,
    title: meeting.title,
    date: meeting.date.toISOString(),
    ownerId: meeting.ownerId,
    ownerEmail: meeting.ownerEmail,
    sharedWith: meeting.sharedWith,
    seriesId: meeting.seriesId,
    actions: actions.map((action) => {
      const { _id, ...snapshot } = actionItemView(action);
      return snapshot;
    }),
  };
}
