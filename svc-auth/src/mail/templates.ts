// Every mail the product sends, in plain text and HTML. Whatever a user typed (meeting titles,
// action texts, addresses) goes into the HTML escaped, and into subjects without line breaks.
import type { ActionAssigned, MeetingShared, RecapRequested } from '@meetings/contracts';
import { formatDueDate } from '@meetings/domain';

/** Whose product a mail comes from (the tenant's name) and where its links lead. */
export interface MailProduct {
  productName: string;
  baseUrl: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** One line, at most `max` characters: for subjects. */
export function oneLine(value: string, max = 120): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** What a template writes: the lines of the text part and the HTML of the body, with an optional footer. */
interface MailBody {
  subject: string;
  text: string[];
  html: string[];
  /** HTML above the signature, small and grey. */
  footer?: string;
}

/** The one skeleton every mail shares: the body, an optional footer, and the product's signature. */
function layout(productName: string, body: MailBody): RenderedMail {
  const footer = body.footer;
  return {
    subject: body.subject,
    text: [...body.text, '', `— ${productName}`].join('\n'),
    html: [
      '<!doctype html>',
      '<html><head><meta charset="utf-8"></head>',
      '<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">',
      ...body.html,
      `<p style="color: #6b7280; font-size: 12px">${footer ? `${footer}<br>` : ''}— ${escapeHtml(productName)}</p>`,
      '</body></html>',
    ].join('\n'),
  };
}

function link(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
}

export function meetingUrl(baseUrl: string, meetingId: string): string {
  return `${baseUrl}/app/meetings/${encodeURIComponent(meetingId)}`;
}

/** The link every meeting mail ends its body with, in each part. */
function openMeeting(url: string): { text: string; html: string } {
  return { text: `Open the meeting: ${url}`, html: `<p>${link(url, 'Open the meeting')}</p>` };
}

/** "You were assigned an action": the action's text in the subject and body, a link to the meeting. */
export function assignmentMail(
  input: MailProduct & Pick<ActionAssigned, 'meetingId' | 'meetingTitle' | 'text' | 'assignedBy'>,
): RenderedMail {
  const open = openMeeting(meetingUrl(input.baseUrl, input.meetingId));
  return layout(input.productName, {
    subject: oneLine(`New action for you: ${oneLine(input.text, 100)}`, 140),
    text: [
      `${input.assignedBy} assigned you an action in "${oneLine(input.meetingTitle, 200)}":`,
      '',
      `  ${input.text}`,
      '',
      open.text,
    ],
    html: [
      `<p>${escapeHtml(input.assignedBy)} assigned you an action in <strong>${escapeHtml(
        input.meetingTitle,
      )}</strong>:</p>`,
      `<blockquote style="margin: 0 0 16px; padding-left: 12px; border-left: 3px solid #d1d5db">${escapeHtml(
        input.text,
      )}</blockquote>`,
      open.html,
    ],
  });
}

/** "A meeting was shared with you": its title and owner, a link to it (sign-in leads there). */
export function invitationMail(
  input: MailProduct & Pick<MeetingShared, 'meetingId' | 'meetingTitle' | 'ownerEmail'>,
): RenderedMail {
  const open = openMeeting(meetingUrl(input.baseUrl, input.meetingId));
  return layout(input.productName, {
    subject: oneLine(
      `${oneLine(input.ownerEmail, 100)} shared "${oneLine(input.meetingTitle, 100)}" with you`,
      220,
    ),
    text: [
      `${input.ownerEmail} shared the meeting "${oneLine(input.meetingTitle, 200)}" with you on ${input.productName}.`,
      '',
      open.text,
    ],
    html: [
      `<p>${escapeHtml(input.ownerEmail)} shared the meeting <strong>${escapeHtml(
        input.meetingTitle,
      )}</strong> with you on ${escapeHtml(input.productName)}.</p>`,
      open.html,
    ],
  });
}

export interface DigestMeeting {
  id: string;
  title: string;
  actions: { text: string; dueDate: string }[];
}

export interface DigestMailInput extends MailProduct {
  /** The recipient's local day: what is before it is overdue. */
  today: string;
  meetings: readonly DigestMeeting[];
  unsubscribeUrl: string;
  settingsUrl: string;
}

function dueLabel(dueDate: string, today: string): string {
  const when = formatDueDate(dueDate);
  if (dueDate < today) return `overdue, was due ${when}`;
  if (dueDate === today) return `due today, ${when}`;
  return `due ${when}`;
}

/** The daily digest: open actions overdue or due this week, grouped by meeting. */
export function digestMail(input: DigestMailInput): RenderedMail {
  const actions = input.meetings.flatMap((m) => m.actions);
  const overdue = actions.filter((a) => a.dueDate < input.today).length;
  const count = `${actions.length} open action${actions.length === 1 ? '' : 's'}`;
  const subject = `${input.productName}: ${count} due${overdue > 0 ? ` (${overdue} overdue)` : ''}`;
  return layout(input.productName, {
    subject: oneLine(subject, 140),
    text: [
      `Your ${count} overdue or due within 7 days:`,
      '',
      ...input.meetings.flatMap((meeting) => [
        `${oneLine(meeting.title, 200)} — ${meetingUrl(input.baseUrl, meeting.id)}`,
        ...meeting.actions.map(
          (a) => `  - ${oneLine(a.text, 500)} (${dueLabel(a.dueDate, input.today)})`,
        ),
        '',
      ]),
      `Stop these e-mails: ${input.unsubscribeUrl}`,
      `Turn them back on in the settings: ${input.settingsUrl}`,
    ],
    html: [
      `<p>Your ${escapeHtml(count)} overdue or due within 7 days:</p>`,
      ...input.meetings.map((meeting) =>
        [
          `<h3 style="margin: 16px 0 4px">${link(meetingUrl(input.baseUrl, meeting.id), meeting.title)}</h3>`,
          '<ul style="margin: 0">',
          ...meeting.actions.map((a) => {
            const late = a.dueDate < input.today;
            const style = late ? ' style="color: #b91c1c"' : '';
            return `<li>${escapeHtml(a.text)} <span${style}>(${escapeHtml(dueLabel(a.dueDate, input.today))})</span></li>`;
          }),
          '</ul>',
        ].join('\n'),
      ),
    ],
    footer: `${link(input.unsubscribeUrl, 'Unsubscribe from the daily digest')} · ${link(
      input.settingsUrl,
      'Settings',
    )}`,
  });
}

export type RecapMailInput = MailProduct &
  Pick<RecapRequested, 'meetingId' | 'title' | 'sentBy' | 'agenda' | 'notesOmitted' | 'actions'> & {
    /** The meeting's date and time as the sender's time zone shows it. */
    when: string;
    /** Sanitised HTML. */
    notesHtml: string;
    /** The same notes as plain text. */
    notesText: string;
  };

function actionDetails(action: RecapMailInput['actions'][number]): string {
  return [
    action.assignee ?? 'unassigned',
    action.dueDate ? `due ${formatDueDate(action.dueDate)}` : 'no due date',
    action.completed ? 'done' : 'open',
  ].join(', ');
}

const SECTION = 'style="margin: 20px 0 6px; font-size: 16px"';
const MUTED = 'style="color: #6b7280"';

/**
 * A meeting's recap: the agenda with what was covered, the notes, the actions with assignee and
 * due date, and a link. The notes come sanitised; every other user text is escaped.
 */
export function recapMail(input: RecapMailInput): RenderedMail {
  const open = openMeeting(meetingUrl(input.baseUrl, input.meetingId));
  const title = oneLine(input.title, 200);
  const omitted = 'The notes are too long for this e-mail: open the meeting to read them.';
  const covered = input.agenda.filter((item) => item.completed).length;
  const agendaSummary = `${covered} of ${input.agenda.length} covered`;
  return layout(input.productName, {
    subject: oneLine(`Recap: ${oneLine(input.title, 120)} (${input.when})`, 180),
    text: [
      `${input.sentBy} sent the recap of "${title}", ${input.when}.`,
      '',
      `AGENDA (${agendaSummary})`,
      ...(input.agenda.length
        ? input.agenda.map(
            (item) =>
              `  [${item.completed ? 'x' : ' '}] ${oneLine(item.text, 1000)}${item.completed ? '' : ' (open)'}`,
          )
        : ['  No agenda items for this meeting']),
      '',
      'NOTES',
      input.notesOmitted ? omitted : input.notesText.trim() || 'No notes.',
      '',
      'ACTIONS',
      ...(input.actions.length
        ? input.actions.map(
            (action) =>
              `  [${action.completed ? 'x' : ' '}] ${oneLine(action.text, 2000)} (${actionDetails(action)})`,
          )
        : ['  No actions for this meeting']),
      '',
      open.text,
    ],
    html: [
      `<p>${escapeHtml(input.sentBy)} sent the recap of <strong>${escapeHtml(
        input.title,
      )}</strong>, ${escapeHtml(input.when)}.</p>`,
      `<h2 ${SECTION}>Agenda <span ${MUTED}>(${agendaSummary})</span></h2>`,
      input.agenda.length
        ? [
            '<ul style="margin: 0; padding-left: 20px; list-style: none">',
            ...input.agenda.map((item) =>
              item.completed
                ? `<li>&#9745; ${escapeHtml(item.text)}</li>`
                : `<li>&#9744; ${escapeHtml(item.text)} <span ${MUTED}>(open)</span></li>`,
            ),
            '</ul>',
          ].join('\n')
        : `<p ${MUTED}>No agenda items for this meeting</p>`,
      `<h2 ${SECTION}>Notes</h2>`,
      input.notesOmitted
        ? `<p ${MUTED}>${omitted}</p>`
        : input.notesHtml
          ? `<div>${input.notesHtml}</div>`
          : `<p ${MUTED}>No notes.</p>`,
      `<h2 ${SECTION}>Actions</h2>`,
      input.actions.length
        ? [
            '<ul style="margin: 0; padding-left: 20px; list-style: none">',
            ...input.actions.map(
              (action) =>
                `<li>${action.completed ? '&#9745;' : '&#9744;'} ${escapeHtml(action.text)} <span ${MUTED}>(${escapeHtml(actionDetails(action))})</span></li>`,
            ),
            '</ul>',
          ].join('\n')
        : `<p ${MUTED}>No actions for this meeting</p>`,
      open.html,
    ],
  });
}
