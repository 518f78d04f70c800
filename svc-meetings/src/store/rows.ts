import type { DataSource, EntityManager } from 'typeorm';

/** Where a query runs: the data source, or the manager of an open transaction. */
export type Queryable = DataSource | EntityManager;

export interface MeetingRow {
  id: string;
  owner_id: string;
  owner_email: string;
  title: string;
  date: Date;
  notes: string;
  shared_with: string[];
  series_id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** A meeting without its notes (lists and snapshots never need them, and they can be large). */
export type MeetingHeadRow = Omit<MeetingRow, 'notes'>;

export interface ItemRow {
  id: string;
  meeting_id: string;
  text: string;
  completed: boolean;
  position: number;
}

export type AgendaRow = ItemRow;

export interface ActionRow extends ItemRow {
  hashtags: string[];
}

export interface FullMeeting {
  meeting: MeetingRow;
  agenda: AgendaRow[];
  actions: ActionRow[];
}

/** Items grouped by their meeting, each group keeping the list's order. */
export function byMeeting<R extends ItemRow>(items: readonly R[]): Map<string, R[]> {
  const groups = new Map<string, R[]>();
  for (const item of items) {
    const group = groups.get(item.meeting_id);
    if (group) group.push(item);
    else groups.set(item.meeting_id, [item]);
  }
  return groups;
}
