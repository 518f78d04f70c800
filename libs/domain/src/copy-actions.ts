// By package name, so a front end consumes the one shared dates module (libs/federation).
import { meetingLabel } from '@meetings/domain/dates';
import { stripHashtags } from './hashtags.js';
import { sortByOrder } from './items.js';

/**
 * The "Copy actions" text: a header with title and date, a line, then one bullet per action in
 * order with hashtags removed; completed actions wrapped in double tildes.
 */
export function copyActionsText(
  meeting: { title: string; date: string | Date },
  actions: readonly { text: string; completed: boolean; order?: number | null }[],
): string {
  const header = meetingLabel(meeting.title, meeting.date);
  const lines = sortByOrder(actions).map((action) => {
    const text = stripHashtags(action.text);
    return `• ${action.completed ? `~~${text}~~` : text}`;
  });
  return [header, '-'.repeat(header.length), ...lines].join('\n');
}
