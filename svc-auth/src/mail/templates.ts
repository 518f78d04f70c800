// Every mail the product sends, in plain text and HTML. Whatever a user typed (meeting titles,
// action texts, addresses) goes into the HTML escaped, and into subjects without line breaks.

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

const weekdayDate = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A due day (`YYYY-MM-DD`) as the product shows it: weekday dd/MM/yyyy. */
export function formatDueDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return weekdayDate.format(new Date(Date.UTC(y!, m! - 1, d!))).replace(',', '');
}

function page(productName: string, body: string, footer: string): string {
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"></head>',
    '<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">',
    body,
    `<p style="color: #6b7280; font-size: 12px">${footer}— ${escapeHtml(productName)}</p>`,
    '</body></html>',
  ].join('\n');
}

function link(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
}

/** The base address without trailing slashes, so paths can follow it. */
export function withoutTrailingSlash(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  return url.slice(0, end);
}

export function meetingUrl(baseUrl: string, meetingId: string): string {
  return `${withoutTrailingSlash(baseUrl)}/app/meetings/${encodeURIComponent(meetingId)}`;
}

export interface AssignmentMailInput {
  productName: string;
  baseUrl: string;
  meetingId: string;
  meetingTitle: string;
  text: string;
  assignedBy: string;
}

/** "You were assigned an action": the action's text in the subject and body, a link to the meeting. */
export function assignmentMail(input: AssignmentMailInput): RenderedMail {
  const url = meetingUrl(input.baseUrl, input.meetingId);
  return {
    subject: oneLine(`New action for you: ${oneLine(input.text, 100)}`, 140),
    text: [
      `${input.assignedBy} assigned you an action in "${oneLine(input.meetingTitle, 200)}":`,
      '',
      `  ${input.text}`,
      '',
      `Open the meeting: ${url}`,
      '',
      `— ${input.productName}`,
    ].join('\n'),
    html: page(
      input.productName,
      [
        `<p>${escapeHtml(input.assignedBy)} assigned you an action in <strong>${escapeHtml(
          input.meetingTitle,
        )}</strong>:</p>`,
        `<blockquote style="margin: 0 0 16px; padding-left: 12px; border-left: 3px solid #d1d5db">${escapeHtml(
          input.text,
        )}</blockquote>`,
        `<p>${link(url, 'Open the meeting')}</p>`,
      ].join('\n'),
      '',
    ),
  };
}

export interface InvitationMailInput {
  productName: string;
  baseUrl: string;
  meetingId: string;
  meetingTitle: string;
  ownerEmail: string;
}

/** "A meeting was shared with you": its title and owner, a link to it (sign-in leads there). */
export function invitationMail(input: InvitationMailInput): RenderedMail {
  const url = meetingUrl(input.baseUrl, input.meetingId);
  return {
    subject: oneLine(
      `${oneLine(input.ownerEmail, 100)} shared "${oneLine(input.meetingTitle, 100)}" with you`,
      220,
    ),
    text: [
      `${input.ownerEmail} shared the meeting "${oneLine(input.meetingTitle, 200)}" with you on ${input.productName}.`,
      '',
      `Open the meeting: ${url}`,
      '',
      `— ${input.productName}`,
    ].join('\n'),
    html: page(
      input.productName,
      [
        `<p>${escapeHtml(input.ownerEmail)} shared the meeting <strong>${escapeHtml(
          input.meetingTitle,
        )}</strong> with you on ${escapeHtml(input.productName)}.</p>`,
        `<p>${link(url, 'Open the meeting')}</p>`,
      ].join('\n'),
      '',
    ),
  };
}

export interface DigestMeeting {
  id: string;
  title: string;
  actions: { text: string; dueDate: string }[];
}

export interface DigestMailInput {
  productName: string;
  baseUrl: string;
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
  const text = [
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
    '',
    `— ${input.productName}`,
  ].join('\n');
  const html = page(
    input.productName,
    [
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
    ].join('\n'),
    `${link(input.unsubscribeUrl, 'Unsubscribe from the daily digest')} · ${link(
      input.settingsUrl,
      'Settings',
    )}<br>`,
  );
  return { subject: oneLine(subject, 140), text, html };
}
