import {
  PAGE_DATA_TOKENS,
  type Branding,
  type Meeting,
  type MeetingPageList,
  type PrerenderedMeetingPage,
  type PrerenderedPage,
  type PrerenderedPages,
} from '@meetings/contracts';
import { sortByOrder } from '@meetings/domain';
import { sanitizeNotes } from '@meetings/service-kit';
import escapeHtml from 'escape-html';
import { frameOf, includeInFrame } from './app-page.js';
import { fill, itemMarkup, UUID, type DataItem } from './data-markup.js';
import { fillTokens, fitsBranding, type SchemeChoice } from './prerendered-page.js';

/**
 * A signed-in user's first load of a meeting: the meeting page mfe-meetings renders at build time
 * as tokens and parts (PrerenderedMeetingPage), filled in with the meeting the user's own session
 * reads from svc-meetings, inside the shell's app frame. It paints before the JavaScript has
 * arrived (on a slow network several seconds earlier) and stays until the app's own page has the
 * meeting (the remote holds it, shell-context's prerendered-page).
 */

const MEETING_PAGE = new RegExp(`^/app/meetings/(${UUID})(?:/readonly)?/?$`, 'i');

/** The meeting's id when `path` is a meeting page (either variant), else null. */
export function meetingIdOf(path: string): string | null {
  return MEETING_PAGE.exec(path)?.[1]?.toLowerCase() ?? null;
}

const T = PAGE_DATA_TOKENS;

/** The meeting's page markup in a scheme (its template's tokens filled in). */
export function meetingMarkup(
  template: PrerenderedMeetingPage,
  meeting: Meeting,
  scheme: SchemeChoice,
  branding: Branding,
): string {
  const markup = (page: PrerenderedPage) => fillTokens(page, scheme, branding);
  const parts = {
    email: markup(template.parts.email),
    openItem: markup(template.parts.openItem),
    completedItem: markup(template.parts.completedItem),
    hashtag: markup(template.parts.hashtag),
  };
  const item = (entry: DataItem) => itemMarkup(parts, entry);
  const list = (name: MeetingPageList, items: string[]) =>
    items.length
      ? fill(markup(template.lists[name].list), { [T.items]: items.join('') })
      : markup(template.lists[name].empty);

  return fill(markup(template.page), {
    [T.title]: escapeHtml(meeting.title),
    [T.notes]: sanitizeNotes(meeting.notes),
    [T.sharedWith]: list(
      'sharedWith',
      meeting.sharedWith.map((email) => fill(parts.email, { [T.text]: escapeHtml(email) })),
    ),
    [T.agenda]: list('agenda', sortByOrder(meeting.agenda).map(item)),
    [T.actions]: list('actions', sortByOrder(meeting.actions).map(item)),
  });
}

function templatePages(template: PrerenderedMeetingPage): PrerenderedPage[] {
  return [
    template.page,
    ...Object.values(template.parts),
    ...Object.values(template.lists).flatMap(({ list, empty }) => [list, empty]),
  ];
}

/** The meeting template among the remotes' prerendered pages (mfe-meetings'), if any. */
export function meetingTemplate(
  pages: readonly PrerenderedPages[],
): PrerenderedMeetingPage | undefined {
  return pages.find((remote) => remote.meeting)?.meeting;
}

/**
 * The shell's HTML with the meeting's page in the app frame, or null when the template or the
 * frame does not fit the tenant's branding (or another reason includeInFrame gives).
 */
export function includeMeetingPage(
  shellHtml: string,
  frames: PrerenderedPages,
  template: PrerenderedMeetingPage,
  meeting: Meeting,
  branding: Branding,
  scheme: SchemeChoice,
  desktop = false,
): string | null {
  if (!templatePages(template).every((page) => fitsBranding(page, branding))) return null;
  const frame = frameOf(frames, template.framePath, desktop);
  return includeInFrame(
    shellHtml,
    frame,
    () => meetingMarkup(template, meeting, scheme, branding),
    {
      branding,
      scheme,
    },
  );
}
