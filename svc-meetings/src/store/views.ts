import type {
  ActionItem,
  AgendaItem,
  Meeting,
  MeetingSnapshot,
  MeetingSummary,
} from '@meetings/contracts';
import type { ActionRow, AgendaRow, FullMeeting, MeetingHeadRow } from './rows.js';

// Rows as the API and the events show them: `_id` and `id` both, dates as ISO text.

export function agendaItemView(row: AgendaRow): AgendaItem {
  return { _id: row.id, id: row.id, text: row.text, completed: row.completed, order: row.position };
}

export function actionItemView(row: ActionRow): ActionItem {
  return {
    _id: row.id,
    id: row.id,
    text: row.text,
    completed: row.completed,
    order: row.position,
    hashtags: row.hashtags,
  };
}

export function meetingSummaryView(row: MeetingHeadRow, callerId: string): MeetingSummary {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    date: row.date.toISOString(),
    owner: { _id: row.owner_id, id: row.owner_id, email: row.owner_email },
    sharedWith: row.shared_with,
    isOwner: row.owner_id === callerId,
  };
}

export function meetingView(full: FullMeeting, callerId: string): Meeting {
  const { meeting } = full;
  return {
    ...meetingSummaryView(meeting, callerId),
    agenda: full.agenda.map(agendaItemView),
    notes: meeting.notes,
    actions: full.actions.map(actionItemView),
    seriesId: meeting.series_id,
    version: meeting.version,
    createdAt: meeting.created_at.toISOString(),
    updatedAt: meeting.updated_at.toISOString(),
  };
}

/** What other services keep a copy of (svc-actions' index); `version` orders the copies. */
export function meetingSnapshot(
  meeting: MeetingHeadRow,
  actions: readonly ActionRow[],
): MeetingSnapshot {
  return {
    id: meeting.id,
    version: meeting.version,
    title: meeting.title,
    date: meeting.date.toISOString(),
    ownerId: meeting.owner_id,
    ownerEmail: meeting.owner_email,
    sharedWith: meeting.shared_with,
    seriesId: meeting.series_id,
    actions: actions.map((action) => ({
      id: action.id,
      text: action.text,
      completed: action.completed,
      order: action.position,
      hashtags: action.hashtags,
    })),
  };
}
