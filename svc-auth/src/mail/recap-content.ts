import type { RecapRequested } from '@meetings/contracts';
import { formatDateTimeIn } from '@meetings/domain';
import { sanitizeNotes } from '@meetings/service-kit';
import { convert } from 'html-to-text';
import { recapMail, type MailProduct, type RenderedMail } from './templates.js';

const TEXT_OPTIONS = {
  wordwrap: 100,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'img', format: 'skip' },
  ],
};

/**
 * The recap mail of a requested recap. The notes are sanitised again here, whatever the event
 * carries: this is where they become a mail. The text part is the same notes as plain text.
 */
export function recapContent(recap: RecapRequested, settings: MailProduct): RenderedMail {
  const notesHtml = sanitizeNotes(recap.notes, 'none');
  return recapMail({
    ...settings,
    meetingId: recap.meetingId,
    title: recap.title,
    when: `${formatDateTimeIn(recap.date, recap.timeZone)} (${recap.timeZone})`,
    sentBy: recap.sentBy,
    agenda: recap.agenda,
    notesHtml,
    notesText: notesHtml ? convert(notesHtml, TEXT_OPTIONS) : '',
    notesOmitted: recap.notesOmitted,
    actions: recap.actions,
  });
}
