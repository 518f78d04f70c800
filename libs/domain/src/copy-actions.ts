// By package name, so a front end consumes the one shared dates module (libs/federation).
import { meetingLabel } from '@meetings/domain/dates';
import { stripHashtags } from './hashtags.js';
import { sortByOrder } from './items.js';
import { formatDueDate } from './due-dates.js';

interface CopiedAction {
  text: string;
  completed: boolean;
  order?: number | null;
  assignee?: string | null;
  dueDate?: string | null;
}

/** "(bob@example.com, due Thursday 05/03/2026)" after an action that has either; else nothing. */
function owedBy({ assignee, dueDate }: CopiedAction): string {
  const parts = [assignee, dueDate ? `due ${formatDueDate(dueDate)}` : null].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/**
 * The "Copy actions" text: a header with title and date, a line, then one bullet per action in
 * order with hashtags removed; completed actions wrapped in double tildes; the assignee and due
 * date, when set, in brackets after the text.
 */
export function copyActionsText(
  meeting: { title: string; date: string | Date },
  actions: readonly CopiedAction[],
): string {
  const header = meetingLabel(meeting.title, meeting.date);
  const lines = sortByOrder(actions).map((action) => {
    const text = stripHashtags(action.text);
    return `• ${action.completed ? `~~${text}~~` : text}${owedBy(action)}`;
  });
  return [header, '-'.repeat(header.length), ...lines].join('\n');
}
