import { MeetingMessages } from '@meetings/contracts';
import { formatDateTimeIn, formatDueDate } from '@meetings/domain';
import TurndownService from 'turndown';
import type { FullMeeting } from '../store/views.js';

const turndown = new TurndownService({
  headingStyle: 'atx',
  bulletListMarker: '-',
  emDelimiter: '*',
  strongDelimiter: '**',
});
turndown.addRule('strikethrough', {
  filter: ['s', 'del'],
  replacement: (content) => `~~${content}~~`,
});
// Quill 2 writes bullet lists as <ol> with data-list="bullet" on each item.
turndown.addRule('quillBullet', {
  filter: (node) => node.nodeName === 'LI' && node.getAttribute('data-list') === 'bullet',
  replacement: (content, node) => {
    const body = content.trim().split('\n').join('\n    ');
    return `-   ${body}${node.nextSibling ? '\n' : ''}`;
  },
});

/** Notes HTML (as stored: sanitised) as Markdown. */
export function notesMarkdown(html: string): string {
  return turndown.turndown(html).trim();
}

/** User text on one line, with Markdown's own characters escaped. */
function plain(text: string): string {
  return turndown.escape(text.replace(/\s+/g, ' ').trim());
}

function checkbox(completed: boolean): string {
  return completed ? '[x]' : '[ ]';
}

/**
 * The meeting as a Markdown document: title, date (in the reader's time zone), owner and shared
 * list, the agenda as a task list, the notes, and the actions with assignee, due date and status.
 */
export function meetingMarkdown(full: FullMeeting, timeZone: string): string {
  const { meeting } = full;
  const notes = notesMarkdown(meeting.notes);
  const shared = meeting.sharedWith.length
    ? meeting.sharedWith.map(plain).join(', ')
    : MeetingMessages.notSharedWithAnyone;
  const lines = [
    `# ${plain(meeting.title) || 'Untitled meeting'}`,
    '',
    `- **Date:** ${formatDateTimeIn(meeting.date, timeZone)} (${timeZone})`,
    `- **Owner:** ${plain(meeting.ownerEmail)}`,
    `- **Shared with:** ${shared}`,
    '',
    '## Agenda',
    '',
    ...(full.agenda.length
      ? full.agenda.map((item) => `- ${checkbox(item.completed)} ${plain(item.text)}`)
      : [MeetingMessages.noAgendaItems]),
    '',
    '## Notes',
    '',
    notes || '*No notes.*',
    '',
    '## Actions',
    '',
    ...(full.actions.length
      ? full.actions.map((action) => {
          const details = [
            `assignee: ${action.assignee ? plain(action.assignee) : 'none'}`,
            `due: ${action.dueDate ? formatDueDate(action.dueDate) : 'none'}`,
            `status: ${action.completed ? 'done' : 'open'}`,
          ];
          return `- ${checkbox(action.completed)} ${plain(action.text)} (${details.join('; ')})`;
        })
      : [MeetingMessages.noActions]),
  ];
  return `${lines.join('\n')}\n`;
}
